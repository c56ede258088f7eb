import type { TStudentImportRowStatus } from '@stageplein/contracts/imports/student-import';

/** An import of a school's students; its id derives from tenant, school and file hash (one import per file). */
export interface TImportsTable {
  id: string;
  tenant_id: string;
  school_id: string;
  kind: string;
  workflow_id: string;
  file_name: string;
  file_size: number;
  file_sha256: string;
  create_missing_groups: boolean;
  locale: 'nl' | 'en';
  status: string;
  total_rows: number;
  valid_rows: number;
  invalid_rows: number;
  created_rows: number;
  updated_rows: number;
  unchanged_rows: number;
  failed_rows: number;
  left_rows: number;
  /** Mentors the roster named, accounts created for them, mentorships added and removed (roster-mentors/). */
  mentors_named: number;
  mentors_created: number;
  mentor_links_added: number;
  mentor_links_removed: number;
  processed_rows: number;
  batch_count: number;
  parse_ms: number | null;
  failure: string | null;
  created_by: string;
  created_at: Date;
  updated_at: Date;
  started_at: Date | null;
  finished_at: Date | null;
}

/** The uploaded bytes, apart so lists never load them; kept for re-runs and the report. */
export interface TImportFilesTable {
  import_id: string;
  tenant_id: string;
  content: Buffer;
}

/** Every row of the file with its errors and, once applied, its outcome and user. */
export interface TImportRowsTable {
  import_id: string;
  tenant_id: string;
  row_number: number;
  batch: number | null;
  status: TStudentImportRowStatus;
  first_name: string;
  last_name: string;
  email: string;
  student_number: string;
  group_name: string;
  level_name: string;
  mentor: string;
  errors: string;
  user_id: string | null;
}

/** A student's enrolment at a school: the school's student number and level (groups are memberships). */
export interface TStudentEnrolmentsTable {
  tenant_id: string;
  school_id: string;
  student_id: string;
  student_number: string;
  level_id: string | null;
  /** Set when a roster that holds the whole school (Magister) no longer names the student. */
  left_at: Date | null;
  /** What the school's roster last said (as an import applied it); null until then. */
  roster_email: string | null;
  roster_first_name: string | null;
  roster_last_name: string | null;
  roster_mentor: string | null;
  created_at: Date;
  updated_at: Date;
}

/** A school's connection to its administration system (Magister); the secret sealed (roster-secret.ts). */
export interface TRosterConnectionsTable {
  tenant_id: string;
  school_id: string;
  kind: 'magister';
  base_url: string;
  client_id: string;
  secret_sealed: string;
  nightly: boolean;
  updated_by: string;
  created_at: Date;
  updated_at: Date;
}
