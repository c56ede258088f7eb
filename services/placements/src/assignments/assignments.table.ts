import type { TLocalizedText } from '@stageplein/contracts/forms/form-definition';
import type {
  TAssignmentSelection,
  TAssignmentStatus,
  TAssignmentTaskStatus,
} from '@stageplein/contracts/placements/assignment-policy';

/** A school's assignment (migration 20270106T1000-assignments). `due_on` as `YYYY-MM-DD` text. */
export interface TAssignmentsTable {
  id: string;
  tenant_id: string;
  school_id: string;
  title: TLocalizedText;
  instructions: TLocalizedText;
  form_id: string;
  form_version: number;
  due_on: string;
  selection: TAssignmentSelection;
  status: TAssignmentStatus;
  published_at: Date | null;
  created_by: string | null;
  created_at: Date;
  updated_at: Date;
}

/** One internship's task for its supervisor (by address: `supervisor_key`). */
export interface TAssignmentTasksTable {
  id: string;
  tenant_id: string;
  assignment_id: string;
  internship_id: string;
  supervisor_key: string;
  supervisor_name: string | null;
  status: TAssignmentTaskStatus;
  answers: Record<string, unknown> | null;
  completed_at: Date | null;
  link_sent_at: Date | null;
  created_at: Date;
  updated_at: Date;
}
