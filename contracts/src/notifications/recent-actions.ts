import { z } from 'zod';
import type { TRoleRef } from '../identity/roles.ts';
import { zCollectionOf, ZResource } from '../jsonapi/jsonapi.ts';

/**
 * Recent actions (`/recente_acties`, issue #35 item 7, docs/decisions/notifications.md "Recent actions"):
 * what happened lately in the caller's scope, from the domain events notifications consumes. Every kind
 * belongs to a group the page filters by; its text is `notifications.actions.<kind>` (nl, en).
 */
export const RECENT_ACTION_KINDS = {
  application_submitted: 'applications',
  application_accepted: 'applications',
  application_declined: 'applications',
  internship_created: 'internships',
  internship_approved: 'internships',
  internship_rejected: 'internships',
  internship_started: 'internships',
  internship_completed: 'internships',
  internship_withdrawn: 'internships',
  internship_cancelled: 'internships',
  hours_logged: 'hours',
  hours_confirmed: 'hours',
  hours_rejected: 'hours',
  phase_entered: 'phases',
  phase_task_completed: 'phases',
  evaluation_opened: 'evaluations',
  contract_signed: 'contracts',
} as const;
export type TRecentActionKind = keyof typeof RECENT_ACTION_KINDS;
export const ZRecentActionKind = z.enum(Object.keys(RECENT_ACTION_KINDS) as [TRecentActionKind]);

export const RECENT_ACTION_GROUPS = [
  'applications',
  'internships',
  'hours',
  'phases',
  'evaluations',
  'contracts',
] as const;
export const ZRecentActionGroup = z.enum(RECENT_ACTION_GROUPS);
export type TRecentActionGroup = z.infer<typeof ZRecentActionGroup>;

/** How far back the list goes: today, the last 7 days, the last 30 days (the default: a week). */
export const RECENT_ACTION_PERIODS = ['day', 'week', 'month'] as const;
export const ZRecentActionPeriod = z.enum(RECENT_ACTION_PERIODS);
export type TRecentActionPeriod = z.infer<typeof ZRecentActionPeriod>;
export const DEFAULT_RECENT_ACTION_PERIOD: TRecentActionPeriod = 'week';
export const RECENT_ACTION_PERIOD_DAYS: Record<TRecentActionPeriod, number> = { day: 1, week: 7, month: 30 };

/**
 * Whose actions a caller sees: their own (a student: about their internships, or what they did), their
 * school's (an admin of the School they act for), their students' (a mentor of the School they act for:
 * the internships of the students they mentor there, and what they did) or their organization's (an
 * admin or volunteer of the organization they act for: the internships there).
 */
export type TRecentActionScope =
  | { kind: 'own' }
  | { kind: 'school'; organizationId: string }
  | { kind: 'mentor'; organizationId: string }
  | { kind: 'organization'; organizationId: string };
export const RECENT_ACTION_SCOPES = ['own', 'school', 'mentor', 'organization'] as const;

/**
 * The caller's scope for the organization they act for (`x-current-organization-id`): a School's admin
 * sees the school's, its mentor their mentored students', an admin or volunteer of any other
 * organization its own; anyone else (a student, nobody current) their own. Null: they act for an
 * organization they hold no role at (refused).
 */
export function recentActionScope(
  roles: readonly TRoleRef[],
  currentOrganizationId: string | null,
): TRecentActionScope | null {
  if (!currentOrganizationId) return { kind: 'own' };
  const here = roles.filter((r) => String(r.resourceId) === currentOrganizationId);
  if (here.length === 0) return null;
  if (here.some((r) => r.resourceType === 'School' && r.name === 'admin'))
    return { kind: 'school', organizationId: currentOrganizationId };
  if (here.some((r) => r.resourceType === 'School' && r.name === 'mentor'))
    return { kind: 'mentor', organizationId: currentOrganizationId };
  if (here.some((r) => r.resourceType !== 'School' && (r.name === 'admin' || r.name === 'volunteer')))
    return { kind: 'organization', organizationId: currentOrganizationId };
  return { kind: 'own' };
}

export const ZRecentActionAttributes = z.object({
  kind: ZRecentActionKind,
  group: ZRecentActionGroup,
  /** The kind's text in the caller's language, its values filled in. */
  text: z.string(),
  subject_type: z.string(),
  subject_id: z.string(),
  /** The portal path of what it is about. */
  link: z.string().nullable(),
  occurred_at: z.string(),
});
export const ZRecentActionResource = ZResource.extend({
  type: z.literal('recent_action'),
  attributes: ZRecentActionAttributes,
});
export type TRecentActionResource = z.infer<typeof ZRecentActionResource>;
/** `meta`: `total`, the `scope` the list is of and the `period` it covers. */
export const ZRecentActionCollection = zCollectionOf(ZRecentActionResource);
export type TRecentActionCollection = z.infer<typeof ZRecentActionCollection>;

export const RECENT_ACTIONS_PAGE_SIZE = 25;
export const RECENT_ACTIONS_MAX_PAGE_SIZE = 100;
