import type { Generated } from 'kysely';
import type {
  TInternshipContractType,
  TInternshipStatus,
} from '@stageplein/contracts/placements/internships';

/** An internship (migration 20261203T1000-internships). Dates as `YYYY-MM-DD` text (kit's pg parser). */
export interface TInternshipsTable {
  id: Generated<string>;
  tenant_id: string;
  student_id: string;
  school_id: string;
  organization_id: string | null;
  vacancy_id: string | null;
  internship_period_id: string | null;
  contact_person_id: string | null;
  supervisor_id: string | null;
  /** Null until the phases issue. */
  current_phase_id: string | null;
  title: string;
  description: string | null;
  motivation: string | null;
  start_date: string | null;
  end_date: string | null;
  contract_type: TInternshipContractType;
  self_found: boolean;
  organization_name: string | null;
  contact_name: string | null;
  contact_email: string | null;
  contact_phone_number: string | null;
  /** A supervisor without an account (migration 20270128T0900-internship-supervisors). */
  supervisor_name: string | null;
  supervisor_email: string | null;
  /** The supervisor address the school approved (lower-cased): links go only to it (issue #31). */
  supervisor_approved_email: string | null;
  supervisor_approved_by: string | null;
  supervisor_approved_at: Date | null;
  hours: number | null;
  hours_supervisor: number | null;
  updating_hours_allowed: boolean;
  status: TInternshipStatus;
  status_reason: string | null;
  created_by: string | null;
  created_at: Date;
  updated_at: Date;
}

/** One status change of an internship (its creation included, `from_status` null). */
export interface TInternshipStatusChangesTable {
  id: Generated<string>;
  tenant_id: string;
  internship_id: string;
  from_status: TInternshipStatus | null;
  to_status: TInternshipStatus;
  reason: string | null;
  actor_id: string | null;
  impersonator_id: string | null;
  at: Date;
}

/** Internships per school and organization, kept by triggers (migration 20270112T0900-internship-tallies). */
export interface TInternshipTalliesTable {
  tenant_id: string;
  school_id: string;
  organization_id: string | null;
  internships: number;
}
