/**
 * The preview timeline of a workflow definition for a sample internship (issue #33 item 1): pure and
 * zod-free, so the designer draws it while editing and `GET /workflow_versions/{id}/timeline` answers
 * the same.
 */
import type {
  TPhaseStatus,
  TTaskActor,
  TTaskDeadline,
  TTaskKind,
  TWorkflowContent,
  TWorkflowText,
} from './workflow-rules.ts';

/** A sample internship's period (`YYYY-MM-DD`); the first phase starts on `start_date`. */
export interface TSamplePeriod {
  start_date: string;
  end_date: string;
}

export interface TTimelineTask {
  id: string;
  title: TWorkflowText;
  actor: TTaskActor;
  kind: TTaskKind;
  required: boolean;
  /** Null: no deadline. */
  due_on: string | null;
  reminders_on: string[];
  escalations: { to: 'mentor' | 'school_admin'; on: string }[];
}

export interface TTimelinePhase {
  id: string;
  name: TWorkflowText;
  status: TPhaseStatus;
  /** The day the phase starts in the preview: the previous phase's expected end. */
  starts_on: string;
  /**
   * The day it is expected to end: its latest deadline of a task that counts for completion (required
   * tasks; every task for `any`), never before it starts; without deadlines the day it starts.
   */
  ends_on: string;
  tasks: TTimelineTask[];
}

const DAY = 86_400_000;

/** `YYYY-MM-DD` plus whole days, in UTC (calendar days; no time zone shifts). */
export function addDays(date: string, days: number): string {
  const t = Date.parse(`${date}T00:00:00Z`);
  return new Date(t + days * DAY).toISOString().slice(0, 10);
}

const later = (a: string, b: string) => (a >= b ? a : b);

/** The day a deadline falls on when the phase starts on `phaseStart`. */
export function deadlineDate(deadline: TTaskDeadline, phaseStart: string, period: TSamplePeriod): string {
  const base =
    deadline.from === 'phase_start'
      ? phaseStart
      : deadline.from === 'period_start'
        ? period.start_date
        : period.end_date;
  return addDays(base, deadline.days);
}

/**
 * Dated phases and tasks for a sample internship: phases follow each other, each starting when the one
 * before is expected to end. The preview assumes every task is done on its deadline; a phase completed
 * by hand is shown ending on its latest deadline too.
 */
export function previewTimeline(
  def: Pick<TWorkflowContent, 'phases'>,
  period: TSamplePeriod,
): TTimelinePhase[] {
  let start = period.start_date;
  return def.phases.map((phase) => {
    const tasks: TTimelineTask[] = phase.tasks.map((task) => {
      const due = task.deadline ? deadlineDate(task.deadline, start, period) : null;
      const escalations: TTimelineTask['escalations'] = [];
      if (due && task.escalation.mentor_after_days !== null)
        escalations.push({ to: 'mentor', on: addDays(due, task.escalation.mentor_after_days) });
      if (due && task.escalation.school_admin_after_days !== null)
        escalations.push({ to: 'school_admin', on: addDays(due, task.escalation.school_admin_after_days) });
      return {
        id: task.id,
        title: task.title,
        actor: task.actor,
        kind: task.kind,
        required: task.required,
        due_on: due,
        reminders_on: due ? [...task.reminder_days].sort((a, b) => b - a).map((d) => addDays(due, -d)) : [],
        escalations,
      };
    });
    const counting = phase.completion === 'any' ? tasks : tasks.filter((t) => t.required);
    const end = counting.reduce((acc, t) => (t.due_on ? later(acc, t.due_on) : acc), start);
    const row: TTimelinePhase = {
      id: phase.id,
      name: phase.name,
      status: phase.status,
      starts_on: start,
      ends_on: end,
      tasks,
    };
    start = end;
    return row;
  });
}
