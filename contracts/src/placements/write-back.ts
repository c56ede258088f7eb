import { z } from 'zod';
import { zCollectionOf, zDocumentOf, zRequestBodyOf, zResourceOf } from '../jsonapi/jsonapi.ts';
import {
  WRITE_BACK_ITEM_STATES,
  WRITE_BACK_REFUSALS,
  WRITE_BACK_STATUSES,
  WRITE_BACK_TARGETS,
} from './write-back-policy.ts';

/**
 * Wire schemas of the write-back (issue #36 item 4, docs/decisions/write-back.md): a period's completed
 * internships with hours done against required and the evaluation's result, previewed, then sent to the
 * school's Magister or taken as its import file, in a run with a report.
 */
export * from './write-back-policy.ts';

/** `GET /api/v1/write_backs/preview?period_id=` */
export const ZWriteBackPreviewQuery = z.object({ period_id: z.uuid() });

/** One completed internship as it would be written back; the resource's id is the internship's. */
export const ZWriteBackRowAttributes = z.object({
  student_id: z.uuid(),
  student_name: z.string(),
  organization_name: z.string().nullable(),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  hours_done: z.number(),
  hours_required: z.number().nullable(),
  /** The evaluation's score as a Dutch grade (1–10, one decimal); null without a scored evaluation. */
  grade: z.number().nullable(),
  /** When a run sent it to the school's system (never sent twice); null: not yet. */
  sent_at: z.string().nullable(),
});
export type TWriteBackRowAttributes = z.infer<typeof ZWriteBackRowAttributes>;
export const ZWriteBackRowResource = zResourceOf('write_back_row', ZWriteBackRowAttributes);
export const ZWriteBackPreviewDocument = zCollectionOf(ZWriteBackRowResource);
export type TWriteBackPreviewDocument = z.infer<typeof ZWriteBackPreviewDocument>;

/** `POST /api/v1/write_backs`: the period, where to, and optionally only these internships of it. */
export const ZWriteBackInput = z.object({
  period_id: z.uuid(),
  target: z.enum(WRITE_BACK_TARGETS),
  internship_ids: z.array(z.uuid()).min(1).max(5000).optional(),
});
export type TWriteBackInput = z.infer<typeof ZWriteBackInput>;
export const ZWriteBackRequest = zRequestBodyOf('write_back', ZWriteBackInput);

export const ZWriteBackItem = z.object({
  internship_id: z.uuid(),
  student_name: z.string(),
  organization_name: z.string().nullable(),
  hours_done: z.number(),
  hours_required: z.number().nullable(),
  grade: z.number().nullable(),
  state: z.enum(WRITE_BACK_ITEM_STATES),
  reason: z.enum(WRITE_BACK_REFUSALS).nullable(),
});
export type TWriteBackItem = z.infer<typeof ZWriteBackItem>;

export const ZWriteBackAttributes = z.object({
  school_id: z.uuid(),
  period_id: z.uuid(),
  target: z.enum(WRITE_BACK_TARGETS),
  status: z.enum(WRITE_BACK_STATUSES),
  /** Why a run failed as a whole (the school's connection: missing, refused, unavailable). */
  error: z.string().nullable(),
  total: z.number().int(),
  /** Items handled so far (the progress): sent, already sent, refused or exported. */
  done: z.number().int(),
  sent: z.number().int(),
  already_sent: z.number().int(),
  refused: z.number().int(),
  exported: z.number().int(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
  items: z.array(ZWriteBackItem),
});
export type TWriteBackAttributes = z.infer<typeof ZWriteBackAttributes>;
export const ZWriteBackResource = zResourceOf('write_back', ZWriteBackAttributes);
export const ZWriteBackDocument = zDocumentOf(ZWriteBackResource);
export type TWriteBackDocument = z.infer<typeof ZWriteBackDocument>;

/**
 * The school system's import file (Magister's import of results by student number, `;`, UTF-8 with BOM,
 * decimal comma): one line per internship of the run that has a student number.
 */
export const WRITE_BACK_CSV_COLUMNS = [
  'Stamnummer',
  'Naam',
  'Bedrijf',
  'Begindatum',
  'Einddatum',
  'Uren gerealiseerd',
  'Uren vereist',
  'Cijfer',
] as const;
