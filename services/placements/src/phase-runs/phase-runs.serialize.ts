import {
  completesBySubmission,
  mayCompletePhaseTask,
  mayResendPhaseTaskLink,
  type TPhaseTaskActor,
  type TPhaseTaskResource,
} from '@stageplein/contracts/placements/phase-runs';
import type { TPhaseRow, TPhaseTaskRow } from './phase-runs.repository.ts';

/** What a task's resource says of its internship (a dashboard lists tasks of several). */
export interface TTaskContext {
  internshipTitle: string;
  studentName: string;
}

/**
 * A task of an entered phase, with whether the caller (`actors`) may complete it now by hand (never an
 * evaluation or assignment task: those complete when the real thing is sent).
 */
export function phaseTaskResource(
  t: TPhaseTaskRow,
  phase: Pick<TPhaseRow, 'phase_id' | 'name'> & { state?: TPhaseRow['state'] },
  actors: readonly TPhaseTaskActor[],
  context: TTaskContext,
  now: Date,
): TPhaseTaskResource {
  const open = t.state === 'open' && (phase.state ?? 'active') === 'active';
  return {
    type: 'phase_task',
    id: t.id,
    attributes: {
      internship_id: t.internship_id,
      phase_id: phase.phase_id,
      task_id: t.task_id,
      title: t.title,
      kind: t.kind,
      actor: t.actor,
      required: t.required,
      state: t.state,
      due_at: t.due_at?.toISOString() ?? null,
      overdue: open && t.due_at !== null && t.due_at.getTime() < now.getTime(),
      escalation_level: t.escalation_level,
      reminders_sent: t.reminders_sent,
      completed_at: t.completed_at?.toISOString() ?? null,
      completed_by: t.completed_by,
      may_complete: open && !completesBySubmission(t.kind) && mayCompletePhaseTask(actors, t),
      may_resend_link: open && mayResendPhaseTaskLink(actors, t),
      internship_title: context.internshipTitle,
      student_name: context.studentName,
      phase_name: phase.name,
    },
  };
}
