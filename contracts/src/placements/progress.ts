import { CONTRACT_STATUSES } from '../internship-contracts/contract-rules.ts';
import { z } from 'zod';
import { zCollectionOf, zDocumentOf, zResourceOf } from '../jsonapi/jsonapi.ts';
import { ZInternshipStatus } from './internships.ts';
import { ZProgressEvaluation } from './evaluations.ts';
import { PROGRESS_SORTS } from './progress-policy.ts';

/**
 * Wire schemas of internship progress (stagevoortgang, issue #17 item 4, docs/decisions/progress.md):
 * `GET /api/v1/progress/periods/{periodId}` (a page of the visible internships of a period with their hours),
 * `…/export` (the same as CSV) and `…/internships/{internshipId}` (one student's timeline).
 */

export * from './progress-policy.ts';

/** Sorts and page sizes: progress-policy (zod-free, for the portal's chunk). */
export const ZProgressSort = z.enum(PROGRESS_SORTS);
export type TProgressSort = z.infer<typeof ZProgressSort>;

const zPageNumber = z.coerce.number().int().min(1);

/**
 * Filters, sort and page of the period's list. The export takes the same filters and sort and ignores
 * the page (the CSV is always complete).
 */
export const ZProgressQuery = z.object({
  group_id: z.uuid().optional(),
  level_id: z.uuid().optional(),
  mentor_id: z.uuid().optional(),
  behind: z.enum(['true', 'false']).optional(),
  sort: ZProgressSort.optional(),
  'page[number]': zPageNumber.optional(),
  'page[size]': zPageNumber.optional(),
});
export type TProgressQuery = z.infer<typeof ZProgressQuery>;

/** One internship's progress; the resource's id is the internship's. */
export const ZProgressAttributes = z.object({
  student_id: z.uuid(),
  student_name: z.string(),
  organization_name: z.string().nullable(),
  status: ZInternshipStatus,
  group: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  level: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  /** The student's mentors at the school (usually one). */
  mentors: z.array(z.object({ id: z.uuid(), name: z.string() })),
  hours_logged: z.number(),
  hours_confirmed: z.number(),
  hours_pending: z.number(),
  hours_required: z.number().nullable(),
  percent: z.number().nullable(),
  behind_schedule: z.boolean(),
  /**
   * Whether the rule judges the schedule at all (`expectedHours`): hours running with a requirement and
   * dates, not locked or signed off. Unjudged is neither "on schedule" nor "behind" (issue #30 item 7).
   */
  schedule_judged: z.boolean(),
  /**
   * The internship's current phase (docs/decisions/phases.md "Runtime"): the definition's phase id, its
   * name in the caller's language and its status; null when it runs no phases. `contract`: the
   * internship's contract (the open one, else the newest voided; docs/decisions/internship-contracts.md),
   * null without one and on tenants that use hours.
   */
  phase: z.object({ id: z.uuid(), name: z.string(), status: z.string() }).nullable(),
  contract: z.object({ id: z.uuid(), status: z.enum(CONTRACT_STATUSES) }).nullable(),
  /** The internship's evaluation (docs/decisions/evaluations.md); null where the tenant has none. */
  evaluation: ZProgressEvaluation.nullable(),
});
export type TProgressAttributes = z.infer<typeof ZProgressAttributes>;
export const ZProgressResource = zResourceOf('internship_progress', ZProgressAttributes);
export type TProgressResource = z.infer<typeof ZProgressResource>;

export const ZProgressPeriod = z.object({
  id: z.uuid(),
  name: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  /** The day the figures are for and the share of the period elapsed then (the behind rule). */
  today: z.string(),
  elapsed_share: z.number(),
});

/** A filter's choice: a group, level or mentor of the period's visible internships. */
export const ZProgressOption = z.object({ id: z.uuid(), name: z.string() });
export type TProgressOption = z.infer<typeof ZProgressOption>;

export const ZProgressDocument = zCollectionOf(ZProgressResource).extend({
  meta: z.object({
    period: ZProgressPeriod,
    /** The rows matching the filters over all pages. */
    total: z.number().int(),
    page: z.object({ number: z.number().int(), size: z.number().int() }),
    /** The filters' choices over the whole period the caller sees (not only this page), by name. */
    options: z.object({
      groups: z.array(ZProgressOption),
      levels: z.array(ZProgressOption),
      mentors: z.array(ZProgressOption),
    }),
  }),
});
export type TProgressDocument = z.infer<typeof ZProgressDocument>;

export const ZProgressTimelineEvent = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('status'),
    at: z.string(),
    from_status: ZInternshipStatus.nullable(),
    to_status: ZInternshipStatus,
    reason: z.string().nullable(),
  }),
  z.object({
    kind: z.literal('hours'),
    /** The worked day `YYYY-MM-DD`. */
    at: z.string(),
    hours: z.number(),
    status: z.enum(['pending', 'confirmed', 'rejected']),
    description: z.string(),
  }),
]);
export type TProgressTimelineEvent = z.infer<typeof ZProgressTimelineEvent>;

/** The internship's figures with its status changes and hours entries by date (a day's status change first). */
export const ZProgressTimelineDocument = zDocumentOf(
  zResourceOf('internship_timeline', ZProgressAttributes.extend({ events: z.array(ZProgressTimelineEvent) })),
).extend({ meta: z.object({ period: ZProgressPeriod }) });
export type TProgressTimelineDocument = z.infer<typeof ZProgressTimelineDocument>;
