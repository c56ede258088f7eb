import type { Generated } from 'kysely';
import type { THoursEntryStatus } from '@stageplein/contracts/placements/hours-policy';

/** One logged day's work (migration 20261220T1000-hours). */
export interface THoursEntriesTable {
  id: Generated<string>;
  tenant_id: string;
  internship_id: string;
  /** `YYYY-MM-DD` (kit's pg type parser keeps `date` as text). */
  date: string;
  quarters: number;
  description: string;
  status: THoursEntryStatus;
  supervisor_note: string | null;
  decided_at: Date | null;
  /** The link's address and the request's client address of the decision (20270128T0900). */
  decided_by: string | null;
  decided_from: string | null;
  correction_reason: string | null;
  corrected_by: string | null;
  corrected_at: Date | null;
  created_by: string | null;
  created_at: Date;
  updated_at: Date;
}

/** The sheet's own state beside the internship's columns; a row exists once something happened. */
export interface THoursSheetsTable {
  internship_id: string;
  tenant_id: string;
  signed_off_at: Date | null;
  signed_off_by: string | null;
  sign_off_note: string | null;
  paper_quarters: number | null;
  paper_scan_url: string | null;
  paper_recorded_by: string | null;
  paper_recorded_at: Date | null;
  link_sent_at: Date | null;
  updated_at: Date;
}

/** A school's default required hours for the internships of one period. */
export interface THoursPeriodDefaultsTable {
  internship_period_id: string;
  tenant_id: string;
  required_hours: number;
  updated_by: string | null;
  updated_at: Date;
}
