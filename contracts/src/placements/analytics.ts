import { z } from 'zod';
import { CONTRACT_STATUSES } from '../internship-contracts/contract-rules.ts';
import { zCollectionOf, zDocumentOf, zResourceOf } from '../jsonapi/jsonapi.ts';
import { ZOrganizationType } from '../identity/roles.ts';
import { ZInternshipStatus } from './internships.ts';
import { ANALYTICS_METRICS } from './analytics-policy.ts';

/**
 * Wire schemas of analytics (issue #37, docs/decisions/analytics.md): `GET /api/v1/analytics/school`
 * (the school's numbers over its read models), `…/school/internships` (the rows behind a number),
 * `…/school/export` (those rows as CSV) and `GET /api/v1/analytics/organization` (the organization's view).
 */

export * from './analytics-policy.ts';

export const ZAnalyticsMetric = z.enum(ANALYTICS_METRICS);

const zPageNumber = z.coerce.number().int().min(1);

/** Filters of the school view: a period (default: the current or next one), a group, a level. */
export const ZAnalyticsQuery = z.object({
  period_id: z.uuid().optional(),
  group_id: z.uuid().optional(),
  level_id: z.uuid().optional(),
  /** The warning window before the period starts, in weeks (default 6). */
  weeks: z.coerce.number().int().min(0).max(52).optional(),
});
export type TAnalyticsQuery = z.infer<typeof ZAnalyticsQuery>;

/** The rows behind a number: the filters, the metric, optionally a status or organization of a chart. */
export const ZAnalyticsRowsQuery = ZAnalyticsQuery.extend({
  metric: ZAnalyticsMetric.optional(),
  status: ZInternshipStatus.optional(),
  organization_id: z.uuid().optional(),
  /** A self-found place (no organization) by its name, case and spacing ignored: its `by_organization` row. */
  self_found: z.string().trim().min(1).max(200).optional(),
  'page[number]': zPageNumber.optional(),
  'page[size]': zPageNumber.optional(),
});
export type TAnalyticsRowsQuery = z.infer<typeof ZAnalyticsRowsQuery>;
export const ANALYTICS_DEFAULT_PAGE_SIZE = 50;
export const ANALYTICS_MAX_PAGE_SIZE = 200;

const ZOption = z.object({ id: z.uuid(), name: z.string() });
const ZCount = z.object({ key: z.string(), label: z.string(), count: z.number().int() });

export const ZAnalyticsPeriod = z.object({
  id: z.uuid(),
  name: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  /** Whole weeks from today to the start (negative once started). */
  weeks_to_start: z.number().int(),
});

export const ZSchoolAnalyticsAttributes = z.object({
  period: ZAnalyticsPeriod.nullable(),
  weeks: z.number().int(),
  /** The period starts within `weeks`: students without a placement need action now. */
  start_is_near: z.boolean(),
  /** The numbers that need action, shown first. */
  action: z.object({
    without_placement: z.number().int(),
    overdue_tasks: z.number().int(),
    unsigned_contracts: z.number().int(),
    hours_behind: z.number().int(),
  }),
  students: z.number().int(),
  vacancies: z.object({ published: z.number().int(), filled: z.number().int() }),
  applications: z.object({
    total: z.number().int(),
    open: z.number().int(),
    placed: z.number().int(),
    refused: z.number().int(),
    stopped: z.number().int(),
  }),
  by_status: z.array(ZCount),
  by_phase: z.array(ZCount),
  by_group: z.array(
    z.object({ id: z.string(), name: z.string(), students: z.number().int(), placed: z.number().int() }),
  ),
  /**
   * The 15 places with most internships: an organization (`id` its id), or a place students found
   * themselves and the platform does not know yet (`self_found`: one row per name, case and spacing
   * ignored; its drill-down is `self_found=<name>`), or `none` (neither).
   */
  by_organization: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      self_found: z.boolean(),
      internships: z.number().int(),
      placed: z.number().int(),
    }),
  ),
  time_to_placement: z.object({
    count: z.number().int(),
    median_days: z.number().nullable(),
    average_days: z.number().nullable(),
  }),
  hours: z.object({ logged: z.number(), confirmed: z.number(), required: z.number() }),
  contracts: z.object({
    out_for_signing: z.number().int(),
    oldest_days: z.number().int().nullable(),
    by_age: z.array(ZCount),
  }),
  evaluations_outstanding: z.number().int(),
  /**
   * The tenant's approved organizations by type and region (the city organizations gives; null where it
   * gives none), from placements' read model of organizations (fed by organizations' events).
   */
  organizations: z.array(
    z.object({ type: ZOrganizationType, region: z.string().nullable(), count: z.number().int() }),
  ),
});
export type TSchoolAnalyticsAttributes = z.infer<typeof ZSchoolAnalyticsAttributes>;

export const ZSchoolAnalyticsDocument = zDocumentOf(
  zResourceOf('school_analytics', ZSchoolAnalyticsAttributes),
).extend({
  meta: z.object({
    today: z.string(),
    options: z.object({ periods: z.array(ZOption), groups: z.array(ZOption), levels: z.array(ZOption) }),
  }),
});
export type TSchoolAnalyticsDocument = z.infer<typeof ZSchoolAnalyticsDocument>;

/** One row behind a number: an internship, or for `without_placement` a student (internship null). */
export const ZAnalyticsRowAttributes = z.object({
  internship_id: z.uuid().nullable(),
  student_id: z.uuid(),
  student_name: z.string(),
  group: z.string().nullable(),
  level: z.string().nullable(),
  organization_name: z.string().nullable(),
  status: ZInternshipStatus.nullable(),
  phase: z.string().nullable(),
  hours_logged: z.number().nullable(),
  hours_required: z.number().nullable(),
  behind_schedule: z.boolean(),
  overdue_tasks: z.number().int(),
  contract_status: z.enum(CONTRACT_STATUSES).nullable(),
  contract_age_days: z.number().int().nullable(),
  evaluation_outstanding: z.boolean(),
});
export type TAnalyticsRowAttributes = z.infer<typeof ZAnalyticsRowAttributes>;
export const ZAnalyticsRow = zResourceOf('analytics_row', ZAnalyticsRowAttributes);
export type TAnalyticsRow = z.infer<typeof ZAnalyticsRow>;

export const ZAnalyticsRowsDocument = zCollectionOf(ZAnalyticsRow).extend({
  meta: z.object({
    total: z.number().int(),
    page: z.object({ number: z.number().int(), size: z.number().int() }),
  }),
});
export type TAnalyticsRowsDocument = z.infer<typeof ZAnalyticsRowsDocument>;

/** The CSV's columns, in order (the portal names the file; cells are formula-safe by contracts' csv). */
export const ANALYTICS_CSV_COLUMNS = [
  'student',
  'group',
  'level',
  'organization',
  'status',
  'phase',
  'hours_logged',
  'hours_required',
  'behind_schedule',
  'overdue_tasks',
  'contract_status',
  'contract_age_days',
  'evaluation_outstanding',
] as const;

export const ZOrganizationAnalyticsAttributes = z.object({
  totals: z.object({
    vacancies_published: z.number().int(),
    applicants: z.number().int(),
    interns: z.number().int(),
    hours_to_confirm: z.number(),
    contracts_to_sign: z.number().int(),
  }),
  vacancies: z.array(
    z.object({
      id: z.uuid(),
      title: z.string(),
      status: z.string(),
      places: z.number().int(),
      applicants: z.number().int(),
      interns: z.number().int(),
    }),
  ),
  /** Its interns with hours waiting for the supervisor's confirmation, most waiting first. */
  hours_to_confirm: z.array(
    z.object({ internship_id: z.uuid(), student_name: z.string(), hours_pending: z.number() }),
  ),
  contracts_to_sign: z.array(
    z.object({
      internship_id: z.uuid(),
      student_name: z.string(),
      status: z.enum(CONTRACT_STATUSES),
      age_days: z.number().int(),
    }),
  ),
  /**
   * Schools whose students do not see its vacancies now (the school paused them). No reason is given
   * (docs/decisions/discrimination-reports.md).
   */
  not_shown_to_schools: z.array(z.object({ id: z.uuid(), name: z.string() })),
});
export type TOrganizationAnalyticsAttributes = z.infer<typeof ZOrganizationAnalyticsAttributes>;
export const ZOrganizationAnalyticsDocument = zDocumentOf(
  zResourceOf('organization_analytics', ZOrganizationAnalyticsAttributes),
);
export type TOrganizationAnalyticsDocument = z.infer<typeof ZOrganizationAnalyticsDocument>;
