import { z } from 'zod';
import {
  zCollectionOf,
  zDocumentOf,
  ZRelationship,
  zRequestBodyOf,
  zResourceOf,
} from '../jsonapi/jsonapi.ts';
import { zDecimal } from '../validation/field-rules.ts';
import {
  HOURS_ACTIONS,
  HOURS_DESCRIPTION_MAX,
  HOURS_ENTRY_STATUSES,
  HOURS_REASON_MAX,
  MAX_QUARTERS_PER_DAY,
  QUARTER_HOURS_MESSAGE,
  quartersOf,
} from './hours-policy.ts';
import { zDate } from '../validation/dates.ts';

/**
 * Wire schemas of hours registration (issue #17 item 2–3, docs/decisions/hours.md). All under
 * `/api/v1/hours`: the sheet of one internship, its entries, the school's steps and the supervisor's
 * confirmation by external link.
 */

export * from './hours-policy.ts';

export const ZHoursEntryStatus = z.enum(HOURS_ENTRY_STATUSES);
export const ZHoursAction = z.enum(HOURS_ACTIONS);

/** Hours in quarter hours: 0.25 … 24. */
export const ZQuarterHours = zDecimal(
  z
    .number()
    .positive()
    .max(MAX_QUARTERS_PER_DAY / 4)
    .refine((h) => quartersOf(h) !== null, { params: { i18nKey: QUARTER_HOURS_MESSAGE } }),
);

export const ZHoursEntryAttributes = z.object({
  date: z.string(),
  hours: z.number(),
  description: z.string(),
  status: ZHoursEntryStatus,
  /** The supervisor's note with a rejection (or confirmation). */
  supervisor_note: z.string().nullable(),
  decided_at: z.string().nullable(),
  /**
   * Who decided, from where (issue #31): the link's address and the client address of the request,
   * for the school only (null for everyone else and for entries decided before this was kept).
   */
  decided_by: z.string().nullable(),
  decided_from: z.string().nullable(),
  /** Set when the school corrected the entry; the reason is shown beside it. */
  corrected_at: z.string().nullable(),
  correction_reason: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type THoursEntryAttributes = z.infer<typeof ZHoursEntryAttributes>;

export const ZHoursEntryResource = zResourceOf('hours_entry', ZHoursEntryAttributes);
export type THoursEntryResource = z.infer<typeof ZHoursEntryResource>;
export const ZHoursEntryDocument = zDocumentOf(ZHoursEntryResource);

/** One internship's hours: its totals, state, the caller's possible steps and the entries (included). */
export const ZHoursSheetAttributes = z.object({
  internship_id: z.string(),
  student_name: z.string(),
  organization_name: z.string().nullable(),
  school_name: z.string().nullable(),
  internship_period_name: z.string().nullable(),
  starts_on: z.string().nullable(),
  ends_on: z.string().nullable(),
  title: z.string().nullable(),
  /** The supervisor's name and address as the internship records them (to whom the link goes). */
  supervisor_name: z.string().nullable(),
  supervisor_email: z.string().nullable(),
  /** The school approved this address (issue #31): links go out only then. */
  supervisor_approved: z.boolean(),
  required_hours: z.number().nullable(),
  hours_logged: z.number(),
  /** `hoursSupervisor` of spec §3: confirmed by the supervisor (or the paper total). */
  hours_supervisor: z.number(),
  hours_pending: z.number(),
  hours_rejected: z.number(),
  hours_remaining: z.number().nullable(),
  percent: z.number().nullable(),
  updating_hours_allowed: z.boolean(),
  signed_off_at: z.string().nullable(),
  /** Paper-timesheet tenants: the total the school copied from the signed paper sheet. */
  paper_hours: z.number().nullable(),
  paper_scan_url: z.string().nullable(),
  supervisor_link_sent_at: z.string().nullable(),
  paper_timesheets: z.boolean(),
  /** What the caller may do now (hoursActionsFor). */
  actions: z.array(ZHoursAction),
});
export type THoursSheetAttributes = z.infer<typeof ZHoursSheetAttributes>;

export const ZHoursSheetResource = zResourceOf('hours_sheet', ZHoursSheetAttributes).extend({
  relationships: z.object({ entries: ZRelationship }),
});
export type THoursSheetResource = z.infer<typeof ZHoursSheetResource>;
export const ZHoursSheetDocument = zDocumentOf(ZHoursSheetResource).extend({
  included: z.array(ZHoursEntryResource),
});
export type THoursSheetDocument = z.infer<typeof ZHoursSheetDocument>;

const ZDescription = z.string().trim().min(1).max(HOURS_DESCRIPTION_MAX);

export const ZHoursEntryInput = z
  .object({ date: zDate(), hours: ZQuarterHours, description: ZDescription })
  .strict();
export type THoursEntryInput = z.infer<typeof ZHoursEntryInput>;
export const ZHoursEntryCreateBody = zRequestBodyOf('hours_entry', ZHoursEntryInput);
export const ZHoursEntryUpdateBody = zRequestBodyOf('hours_entry', ZHoursEntryInput.partial());

/** The school's correction: new hours and/or status, always with a reason. */
export const ZHoursCorrectionInput = z
  .object({
    hours: ZQuarterHours.optional(),
    status: ZHoursEntryStatus.optional(),
    reason: z.string().trim().min(1).max(HOURS_REASON_MAX),
  })
  .strict();
export type THoursCorrectionInput = z.infer<typeof ZHoursCorrectionInput>;
export const ZHoursCorrectionBody = zRequestBodyOf('hours_correction', ZHoursCorrectionInput);

/** Paper timesheets: the signed sheet's total, optionally the scan (a content-service upload URL). */
export const ZHoursPaperInput = z
  .object({
    hours: zDecimal(
      z
        .number()
        .min(0)
        .max(10_000)
        .refine((h) => h === 0 || quartersOf(h) !== null, { params: { i18nKey: QUARTER_HOURS_MESSAGE } }),
    ),
    scan_url: z
      .string()
      .trim()
      .max(1000)
      .refine((v) => v.startsWith('/') && !v.startsWith('//'), { message: 'site_path' })
      .nullable()
      .optional(),
  })
  .strict();
export type THoursPaperInput = z.infer<typeof ZHoursPaperInput>;
export const ZHoursPaperBody = zRequestBodyOf('hours_paper_total', ZHoursPaperInput);

/** The school's sign-off may carry a note for the file (the body itself is optional). */
export const ZHoursSignOffBody = zRequestBodyOf(
  'hours_sign_off',
  z.object({ note: z.string().trim().max(HOURS_REASON_MAX).optional() }).strict(),
);

/** A school's default requirement for one internship period (`PUT /api/v1/hours/periods/{id}`). */
export const ZHoursPeriodDefaultBody = zRequestBodyOf(
  'hours_period_default',
  z.object({ required_hours: zDecimal(z.number().min(0).max(10_000)) }).strict(),
);

// --- The supervisor's confirmation (external link, no account) -------------------------------------
// The link's token travels in the `X-Action-Link` header (kit's external links), never in a URL.

export const ZHoursDecision = z.enum(['confirm', 'reject']);
export const ZHoursDecisionsBody = z
  .object({
    decisions: z
      .array(
        z
          .object({
            entry_id: z.uuid(),
            decision: ZHoursDecision,
            note: z.string().trim().max(HOURS_REASON_MAX).optional(),
          })
          .strict(),
      )
      .min(1)
      .max(500),
  })
  .strict();
export type THoursDecisionsBody = z.infer<typeof ZHoursDecisionsBody>;

/** What the supervisor sees: the student's name, the workplace, the entries; nothing else. */
export const ZHoursConfirmationAttributes = z.object({
  student_name: z.string(),
  organization_name: z.string().nullable(),
  required_hours: z.number().nullable(),
  hours_supervisor: z.number(),
  hours_pending: z.number(),
  expires_at: z.string(),
  entries: z.array(
    z.object({
      id: z.string(),
      date: z.string(),
      hours: z.number(),
      description: z.string(),
      status: ZHoursEntryStatus,
      supervisor_note: z.string().nullable(),
    }),
  ),
});
export type THoursConfirmationAttributes = z.infer<typeof ZHoursConfirmationAttributes>;
export const ZHoursConfirmationDocument = zDocumentOf(
  zResourceOf('hours_confirmation', ZHoursConfirmationAttributes),
);
export type THoursConfirmationDocument = z.infer<typeof ZHoursConfirmationDocument>;

/**
 * `GET /api/v1/hours/due` (the student, for their current School): per internship of theirs whose
 * sheet waits for hours, the ended weeks without any (contracts' `hoursWeeksToLog`, the oldest
 * `HOURS_DUE_WEEKS_LISTED` listed, `week_count` all of them); `meta.total` is the weeks in all. The
 * dashboard's "hours to log" queue (issue #30 item 2).
 */
export const ZHoursDueResource = zResourceOf(
  'hours_due',
  z.object({
    internship_id: z.string(),
    title: z.string(),
    organization_name: z.string().nullable(),
    week_count: z.number().int(),
    weeks: z.array(z.object({ starts_on: z.string(), ends_on: z.string() })),
  }),
);
export type THoursDueResource = z.infer<typeof ZHoursDueResource>;
export const ZHoursDueCollection = zCollectionOf(ZHoursDueResource);
