import { z } from 'zod';
import { zCollectionOf, zDocumentOf, zResourceOf } from '../jsonapi/jsonapi.ts';

/**
 * Student import from CSV (`/importeren/csv`): the fields of a row, the header names schools use for
 * them, the options of an upload, and the import resource the API shows.
 */
export const STUDENT_IMPORT_FIELDS = [
  'first_name',
  'last_name',
  'email',
  'student_number',
  'group',
  'level',
] as const;
export type TStudentImportField = (typeof STUDENT_IMPORT_FIELDS)[number];

/** Header names (compared lower-case, accents, spaces, `_`, `-` and `.` ignored) per field, Dutch and English. */
export const STUDENT_IMPORT_HEADERS: Readonly<Record<TStudentImportField, readonly string[]>> = Object.freeze(
  {
    first_name: ['voornaam', 'roepnaam', 'firstname', 'givenname', 'first'],
    last_name: ['achternaam', 'familienaam', 'lastname', 'surname', 'familyname', 'last'],
    email: ['email', 'emailadres', 'mail', 'emailaddress', 'mailadres'],
    student_number: [
      'leerlingnummer',
      'studentnummer',
      'llnr',
      'leerlingnr',
      'studentnumber',
      'studentid',
      'studentno',
    ],
    group: ['klas', 'groep', 'group', 'class', 'klasgroep'],
    level: ['niveau', 'leerweg', 'level', 'opleidingsniveau'],
  },
);

/** Fields every row must have; group and level are optional. */
export const STUDENT_IMPORT_REQUIRED: readonly TStudentImportField[] = [
  'first_name',
  'last_name',
  'email',
  'student_number',
];

/** Upload limits: refused before any parsing. */
export const STUDENT_IMPORT_MAX_BYTES = 5 * 1024 * 1024;
export const STUDENT_IMPORT_MAX_ROWS = 50_000;

/** What went wrong with a row; the text is `imports.rowErrors.<code>` in the caller's language. */
export const STUDENT_IMPORT_ROW_ERRORS = [
  'required',
  'email_invalid',
  'too_long',
  'duplicate_email',
  'duplicate_student_number',
  'unknown_group',
  'unknown_level',
  'email_taken_elsewhere',
  'student_number_taken',
  'column_count',
] as const;
export type TStudentImportRowErrorCode = (typeof STUDENT_IMPORT_ROW_ERRORS)[number];

export interface TStudentImportRowError {
  code: TStudentImportRowErrorCode;
  /** The field concerned, when there is one. */
  field?: TStudentImportField;
  /** For duplicates: the row it repeats. */
  row?: number;
}

/** A row of the file as read: 1-based line number of the record (header = 1) and the mapped values. */
export interface TStudentImportRow {
  row: number;
  values: Record<TStudentImportField, string>;
  /** The student's mentors' addresses, lower-case, sorted, `, ` between, when the source names them (Magister). */
  mentor?: string;
  /** The same mentors with their names, for their accounts. */
  mentors?: readonly TRosterMentor[];
  errors: TStudentImportRowError[];
}

/** A mentor a roster names for a student (Magister's class mentors). */
export interface TRosterMentor {
  /** Lower-case. */
  email: string;
  name: string;
}

/** Outcome of a row: still to do (`valid`), refused (`invalid`), or what applying it did. */
export const STUDENT_IMPORT_ROW_STATUSES = [
  'valid',
  'invalid',
  'created',
  'updated',
  'unchanged',
  'failed',
  /** A roster source's student no longer on the roster (Magister): left the school. */
  'left',
] as const;
export type TStudentImportRowStatus = (typeof STUDENT_IMPORT_ROW_STATUSES)[number];

export const STUDENT_IMPORT_STATUSES = [
  'pending',
  'running',
  'completed',
  'cancelling',
  'cancelled',
  'failed',
] as const;
export type TStudentImportStatus = (typeof STUDENT_IMPORT_STATUSES)[number];

/**
 * `organizations.import.requested` (subject: the import id): an upload asks for its import to run. It is
 * written in the upload's transaction; organizations' consumer starts the workflow, so an import is
 * never lost to a Temporal outage at the moment of the upload.
 */
export const ZStudentImportRequested = z.object({
  import_id: z.uuid(),
  school_id: z.uuid(),
  workflow_id: z.string().min(1),
});

const formBool = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0', 'on', ''])])
  .optional()
  .transform((v) => v === true || v === 'true' || v === '1' || v === 'on');

/** Multipart fields besides the file; `create_missing_groups` also creates unknown levels. */
export const ZStudentImportOptions = z.object({
  school_id: z.uuid(),
  create_missing_groups: formBool,
});
export type TStudentImportOptions = z.infer<typeof ZStudentImportOptions>;

export const ZStudentImportAttributes = z.object({
  school_id: z.string(),
  /** Where the rows came from (roster.ts). */
  source: z.enum(['csv', 'magister']),
  file_name: z.string(),
  file_size: z.number().int(),
  file_sha256: z.string(),
  status: z.enum(STUDENT_IMPORT_STATUSES),
  create_missing_groups: z.boolean(),
  total_rows: z.number().int(),
  processed_rows: z.number().int(),
  /** 0–100 over the rows to apply (invalid rows count as done once reported). */
  progress: z.number(),
  counts: z.object({
    valid: z.number().int(),
    invalid: z.number().int(),
    created: z.number().int(),
    updated: z.number().int(),
    unchanged: z.number().int(),
    failed: z.number().int(),
    /** Students the roster no longer names (sources that hold the whole school: Magister). */
    left: z.number().int(),
  }),
  /**
   * Mentors from the roster (Magister; zeros for a CSV): those it names, accounts created for them (each
   * invited), and mentorships the sync added and removed (it removes only links a roster made).
   */
  mentors: z.object({
    named: z.number().int(),
    created: z.number().int(),
    links_added: z.number().int(),
    links_removed: z.number().int(),
  }),
  /** Milliseconds spent reading and validating the file (the rest is applying it). */
  parse_ms: z.number().int().nullable(),
  failure: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
});
export type TStudentImportAttributes = z.infer<typeof ZStudentImportAttributes>;
export const ZStudentImportResource = zResourceOf('import', ZStudentImportAttributes);
export type TStudentImportResource = z.infer<typeof ZStudentImportResource>;
export const ZStudentImportDocument = zDocumentOf(ZStudentImportResource);
export const ZStudentImportCollection = zCollectionOf(ZStudentImportResource);

export const ZStudentImportRowAttributes = z.object({
  row: z.number().int(),
  status: z.enum(STUDENT_IMPORT_ROW_STATUSES),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  student_number: z.string(),
  group: z.string(),
  level: z.string(),
  /** The student's mentors' addresses as the source names them (Magister; `, ` between), else ''. */
  mentor: z.string(),
  user_id: z.string().nullable(),
  /** Localized messages (Accept-Language), one per problem. */
  messages: z.array(z.string()),
  errors: z.array(z.object({ code: z.string(), field: z.string().optional(), row: z.number().optional() })),
});
export const ZStudentImportRowResource = zResourceOf('import_row', ZStudentImportRowAttributes);
export type TStudentImportRowResource = z.infer<typeof ZStudentImportRowResource>;
export const ZStudentImportRowCollection = zCollectionOf(ZStudentImportRowResource);

/**
 * Identity's internal bulk upsert (called by the import workflow's activities, never by browsers):
 * each row is applied at most once per `key` (import id + row number), whatever the retries.
 */
export const ZStudentUpsertRow = z.object({
  key: z.string().min(1).max(200),
  email: z.string().min(3).max(254),
  first_name: z.string().max(100),
  last_name: z.string().max(100),
});
export type TStudentUpsertRow = z.infer<typeof ZStudentUpsertRow>;

export const ZStudentBulkUpsertBody = z.object({
  school_id: z.uuid(),
  /** Who started the import: the actor of identity's events and the inviter. */
  actor_id: z.uuid(),
  locale: z.enum(['nl', 'en']).default('nl'),
  /** The role at the school every row's user gets: the import's students, or the mentors its roster names (who keep their own names). */
  role: z.enum(['student', 'mentor']).default('student'),
  rows: z.array(ZStudentUpsertRow).max(1000),
});
export type TStudentBulkUpsertBody = z.input<typeof ZStudentBulkUpsertBody>;

export const STUDENT_UPSERT_OUTCOMES = ['created', 'updated', 'unchanged', 'email_taken_elsewhere'] as const;
export type TStudentUpsertOutcome = (typeof STUDENT_UPSERT_OUTCOMES)[number];

export const ZStudentBulkUpsertResult = z.object({
  results: z.array(
    z.object({
      key: z.string(),
      outcome: z.enum(STUDENT_UPSERT_OUTCOMES),
      user_id: z.string().nullable(),
    }),
  ),
});
export type TStudentBulkUpsertResult = z.infer<typeof ZStudentBulkUpsertResult>;
