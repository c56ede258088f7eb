import type { Generated } from 'kysely';
import type { TAllocationRoundStatus } from '@stageplein/contracts/placements/allocation-rounds';

/** Migration 20261204T1000-allocation. */
export interface TAllocationRoundsTable {
  id: Generated<string>;
  tenant_id: string;
  school_id: string;
  name: string;
  internship_period_id: string | null;
  deadline: Date;
  group_ids: string[];
  level_ids: string[];
  status: TAllocationRoundStatus;
  allocated_at: Date | null;
  published_at: Date | null;
  created_by: string | null;
  created_at: Date;
  updated_at: Date;
}

export interface TAllocationRoundVacanciesTable {
  round_id: string;
  vacancy_id: string;
  tenant_id: string;
  capacity: number;
}

export interface TAllocationPreferencesTable {
  round_id: string;
  student_id: string;
  tenant_id: string;
  /** Best first, at most three. */
  vacancy_ids: string[];
  updated_at: Date;
}

export interface TAllocationProposalLinesTable {
  round_id: string;
  student_id: string;
  tenant_id: string;
  vacancy_id: string | null;
  lottery_number: number;
  adjusted: boolean;
  /** Set when published. */
  internship_id: string | null;
}

export interface TInternshipAssignmentsTable {
  id: Generated<string>;
  tenant_id: string;
  school_id: string;
  idempotency_key: string;
  /** A hash of the request body: the same key with another body is a conflict. */
  request_hash: string;
  internship_ids: string[];
  created_by: string | null;
  created_at: Date;
}
