import {
  availableTaskKinds,
  PHASE_STATUSES,
  TASK_KIND_ACTORS,
  type TDeadlineAnchor,
  type TPhaseStatus,
  type TTaskActor,
  type TTaskDeadline,
  type TTaskKind,
  type TWorkflowIssue,
  type TWorkflowPhase,
  type TWorkflowSwitches,
  type TWorkflowTask,
} from '@stageplein/contracts/phases/workflow-rules';

/**
 * The designer's edits of a draft's phases (issue #33 item 3): pure functions over contracts' shapes,
 * so the pages only render and send. The rules themselves (what is valid, which actor may do which
 * kind of task) are contracts'; this only applies the designer's choices.
 */

/** A new id for a phase or task: a uuid v4, as the wire schema asks (stable across versions). */
export function newId(random: (bytes: Uint8Array) => Uint8Array = (b) => crypto.getRandomValues(b)): string {
  const b = random(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const hex = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The status a new phase suggests: the last phase's (statuses never go back along the phases), but a
 * phase after a finishing one is still that; the first phase prepares.
 */
export function suggestedStatus(phases: readonly TWorkflowPhase[]): TPhaseStatus {
  return phases.at(-1)?.status ?? PHASE_STATUSES[0];
}

export function blankPhase(
  name: { nl: string; en: string },
  status: TPhaseStatus,
  id = newId(),
): TWorkflowPhase {
  return { id, name, status, completion: 'all_required', tasks: [] };
}

/** `from` moved to `to` (indexes), the others keeping their order. */
export function movePhase<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  if (from < 0 || from >= next.length || to < 0 || to >= next.length) return next;
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved!);
  return next;
}

export const replacePhase = (phases: readonly TWorkflowPhase[], phase: TWorkflowPhase): TWorkflowPhase[] =>
  phases.map((p) => (p.id === phase.id ? phase : p));

export const removePhase = (phases: readonly TWorkflowPhase[], id: string): TWorkflowPhase[] =>
  phases.filter((p) => p.id !== id);

/** The actors who can do a kind of task (contracts' `TASK_KIND_ACTORS`). */
export const actorsFor = (kind: TTaskKind): readonly TTaskActor[] => TASK_KIND_ACTORS[kind];

/** A kind changed: the actor stays when they can do it, else the first who can. */
export function withKind(task: TWorkflowTask, kind: TTaskKind): TWorkflowTask {
  const actors = actorsFor(kind);
  return {
    ...task,
    kind,
    actor: actors.includes(task.actor) ? task.actor : actors[0]!,
    hours_target: kind === 'hours' ? task.hours_target : null,
    evaluation_template_id: kind === 'evaluation' ? task.evaluation_template_id : null,
    assignment_id: kind === 'assignment' ? task.assignment_id : null,
  };
}

/** A new task: a checklist item for the student (the kind every tenant has), required, no deadline. */
export function blankTask(
  title: { nl: string; en: string },
  switches: TWorkflowSwitches,
  id = newId(),
): TWorkflowTask {
  const kind: TTaskKind = availableTaskKinds(switches).includes('checklist')
    ? 'checklist'
    : availableTaskKinds(switches)[0]!;
  return withKind(
    {
      id,
      title,
      description: { nl: '', en: '' },
      actor: 'student',
      kind,
      required: true,
      evaluation_template_id: null,
      assignment_id: null,
      hours_target: null,
      deadline: null,
      reminder_days: [],
      escalation: { mentor_after_days: null, school_admin_after_days: null },
    },
    kind,
  );
}

/**
 * A deadline as the form shows it: where it counts from, a number of days and, around a date of the
 * internship, before or after it (the wire's signed days).
 */
export interface TDeadlineForm {
  from: TDeadlineAnchor | 'none';
  days: number;
  direction: 'before' | 'after';
}

export function deadlineForm(deadline: TTaskDeadline | null): TDeadlineForm {
  if (!deadline) return { from: 'none', days: 0, direction: 'after' };
  return {
    from: deadline.from,
    days: Math.abs(deadline.days),
    direction: deadline.days < 0 ? 'before' : 'after',
  };
}

export function deadlineOf(form: TDeadlineForm): TTaskDeadline | null {
  if (form.from === 'none') return null;
  const days = Math.max(0, Math.trunc(form.days));
  if (form.from === 'phase_start') return { from: 'phase_start', days };
  return { from: form.from, days: form.direction === 'before' ? -days : days };
}

/** The catalogue key (in the designer's namespace) and days of a deadline as one line. */
export function deadlineSummaryKey(deadline: TTaskDeadline | null): { key: string; days: number } {
  if (!deadline) return { key: 'deadlineSummary.none', days: 0 };
  if (deadline.from === 'phase_start') return { key: 'deadlineSummary.phase_start', days: deadline.days };
  const side = deadline.days < 0 ? 'before' : 'after';
  return { key: `deadlineSummary.${deadline.from}_${side}`, days: Math.abs(deadline.days) };
}

/**
 * A whole number typed into a field, or null when empty; anything else is kept as the text would be
 * read (NaN is null: the field shows empty).
 */
export function wholeNumber(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const n = Number(trimmed.replace(',', '.'));
  return Number.isFinite(n) ? Math.trunc(n) : null;
}

/** The phase (0-based) a validation issue points into, from its JSON pointer (`/phases/2/tasks/0/…`). */
export function phaseIndexOf(issue: Pick<TWorkflowIssue, 'pointer'>): number | undefined {
  const match = /^\/phases\/(\d+)(?:\/|$)/.exec(issue.pointer);
  return match ? Number(match[1]) : undefined;
}

/** The task (0-based) within its phase a validation issue points into. */
export function taskIndexOf(issue: Pick<TWorkflowIssue, 'pointer'>): number | undefined {
  const match = /^\/phases\/\d+\/tasks\/(\d+)(?:\/|$)/.exec(issue.pointer);
  return match ? Number(match[1]) : undefined;
}

/** The issues of one phase (by its index in the version). */
export const issuesOfPhase = (issues: readonly TWorkflowIssue[], index: number): TWorkflowIssue[] =>
  issues.filter((i) => phaseIndexOf(i) === index);

/** The catalogue key of an issue's message: the API's own text for the same code. */
export const issueMessageKey = (issue: Pick<TWorkflowIssue, 'code'>): string => `api.${issue.code}.detail`;

/** "YYYY-MM-DD" of a date, in UTC (the preview counts calendar days). */
export const isoDay = (date: Date): string => date.toISOString().slice(0, 10);

/** The preview's sample internship: from the next Monday, 20 weeks long (the designer may change both). */
export function samplePeriod(today: Date): { start_date: string; end_date: string } {
  const day = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()));
  const untilMonday = (8 - day.getUTCDay()) % 7 || 7;
  const start = new Date(day.getTime() + untilMonday * 86_400_000);
  const end = new Date(start.getTime() + (20 * 7 - 3) * 86_400_000);
  return { start_date: isoDay(start), end_date: isoDay(end) };
}
