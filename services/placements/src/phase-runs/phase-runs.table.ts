import type { ColumnType, Generated } from 'kysely';
import type {
  TPhaseRunState,
  TPhaseState,
  TPhaseTaskActor,
  TPhaseTaskState,
  TPhasePlanPhase,
} from '@stageplein/contracts/placements/phase-run-policy';

type TText = { nl: string; en: string };
type TJson<T> = ColumnType<T, string, string>;

/** An internship's run of its phases (migration 20270211T0900-phase-runs). */
export interface TInternshipPhaseRunsTable {
  internship_id: string;
  tenant_id: string;
  definition_id: string;
  version_id: string;
  workflow_id: string;
  state: TPhaseRunState;
  started_at: Date;
  ended_at: Date | null;
}

/** A phase an internship entered (`entry`: the how-manieth). */
export interface TInternshipPhasesTable {
  id: Generated<string>;
  tenant_id: string;
  internship_id: string;
  entry: number;
  version_id: string;
  phase_id: string;
  position: number;
  name: TJson<TText>;
  status: string;
  completion: TPhasePlanPhase['completion'];
  state: TPhaseState;
  started_at: Date;
  ended_at: Date | null;
  ended_by: string | null;
}

/** A task of an entered phase, with its moments (computed once when the phase was entered). */
export interface TInternshipPhaseTasksTable {
  id: Generated<string>;
  tenant_id: string;
  internship_id: string;
  internship_phase_id: string;
  task_id: string;
  position: number;
  title: TJson<TText>;
  kind: string;
  actor: TPhaseTaskActor;
  required: boolean;
  due_at: Date | null;
  reminders_at: ColumnType<Date[], Date[] | string, Date[] | string>;
  escalations: TJson<{ level: 1 | 2; at: string }[]>;
  state: TPhaseTaskState;
  reminders_sent: Generated<number>;
  escalation_level: Generated<number>;
  completed_at: Date | null;
  completed_by: string | null;
}
