import type {
  TWriteBackItemState,
  TWriteBackRefusal,
  TWriteBackStatus,
  TWriteBackTarget,
} from '@stageplein/contracts/placements/write-back-policy';

/** A write-back run (migration 20270425T0950-write-back, docs/decisions/write-back.md). */
export interface TWriteBacksTable {
  id: string;
  tenant_id: string;
  school_id: string;
  period_id: string;
  target: TWriteBackTarget;
  status: TWriteBackStatus;
  error: string | null;
  requested_by: string;
  created_at: Date;
  started_at: Date | null;
  finished_at: Date | null;
}

/** One completed internship of a run: its figures as collected, its state and the number it went under. */
export interface TWriteBackItemsTable {
  write_back_id: string;
  tenant_id: string;
  internship_id: string;
  position: number;
  student_id: string;
  student_name: string;
  organization_name: string | null;
  start_date: string | null;
  end_date: string | null;
  hours_done: number;
  hours_required: number | null;
  grade: number | null;
  state: TWriteBackItemState;
  reason: TWriteBackRefusal | null;
  student_number: string | null;
  handled_at: Date | null;
}
