import type { TPermissions } from '../identity/permissions.ts';
import type { TCurrentOrganizationFacts } from '../organizations/moderation.ts';

/**
 * Who sees which analytics view (issue #37, docs/decisions/analytics.md); zod-free, so the portal's
 * chunk and the dashboard use the same rule the service applies.
 */
type TAnalyticsOrganization = Pick<TCurrentOrganizationFacts, 'type' | 'status'>;

/** The school view (`/analytics`): an admin of the School they act for (the internship list's school scope). */
export const maySeeSchoolAnalytics = (
  p: Pick<TPermissions, 'isSchoolAdmin'>,
  current: TAnalyticsOrganization | null | undefined,
): boolean => !!current && current.type === 'School' && current.status === 'approved' && p.isSchoolAdmin;

/** The organization view (`/analytics/index-2`): an admin of the approved organization they act for. */
export const maySeeOrganizationAnalytics = (
  p: Pick<TPermissions, 'isAdmin'>,
  current: TAnalyticsOrganization | null | undefined,
): boolean => !!current && p.isAdmin && current.status === 'approved';

/** The numbers behind which the school view lists internships (or students: `without_placement`). */
export const ANALYTICS_METRICS = [
  'without_placement',
  'overdue_tasks',
  'unsigned_contracts',
  'hours_behind',
  'evaluations_outstanding',
  'applications_open',
  'placed',
  'all',
] as const;
export type TAnalyticsMetric = (typeof ANALYTICS_METRICS)[number];

/** The four numbers shown first: they ask the school to act. */
export const ANALYTICS_ACTION_METRICS = [
  'without_placement',
  'overdue_tasks',
  'unsigned_contracts',
  'hours_behind',
] as const satisfies readonly TAnalyticsMetric[];

/** Internship statuses that count as a placement (a student with one is placed). */
export const PLACED_STATUSES = ['accepted', 'approved', 'active', 'completed'] as const;
/** Applications still waiting for the organization or the school. */
export const OPEN_APPLICATION_STATUSES = ['submitted', 'applied'] as const;
/** Contract statuses in which it is out and not yet fully signed. */
export const UNSIGNED_CONTRACT_STATUSES = ['company_fields', 'signing'] as const;
/** Default warning window: a student without a placement this many weeks before the period starts. */
export const ANALYTICS_DEFAULT_WEEKS = 6;
