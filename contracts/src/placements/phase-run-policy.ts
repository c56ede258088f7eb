import type { TWorkflowPhase, TWorkflowTask } from '../phases/workflow-rules.ts';
import type { TPhaseTaskActor } from '../workflows/names.ts';
import type { TInternshipParty } from './internships.ts';

/**
 * The runtime of internship phases (docs/decisions/phases.md "Runtime"): what a running internship's
 * phases and tasks are, who must act on a task, and when its reminders and escalations fall. Pure and
 * zod-free, so the services, the workflow (through its activities) and the portal share one rule.
 */

export { PHASE_TASK_ACTORS, type TPhaseTaskActor } from '../workflows/names.ts';

/** A phase instance of a run: entered, then completed; cancelled with the internship; migrated away. */
export const PHASE_STATES = ['active', 'completed', 'cancelled', 'migrated'] as const;
export type TPhaseState = (typeof PHASE_STATES)[number];

/** A task of an entered phase: open until done; cancelled when its phase ends another way. */
export const PHASE_TASK_STATES = ['open', 'done', 'cancelled'] as const;
export type TPhaseTaskState = (typeof PHASE_TASK_STATES)[number];

/** A run: one per internship, `running` until its last phase completes or the internship ends. */
export const PHASE_RUN_STATES = ['running', 'completed', 'cancelled'] as const;
export type TPhaseRunState = (typeof PHASE_RUN_STATES)[number];

/**
 * The interpreter's view of a published definition version (contracts/src/phases): what the runtime
 * needs of a task and a phase. Task and phase ids are stable across the versions of one definition: a
 * migration finds the phase and carries done tasks over by them; `current_phase` names the phase's id.
 */
export type TPhasePlanTask = Pick<
  TWorkflowTask,
  'id' | 'title' | 'kind' | 'actor' | 'required' | 'deadline' | 'reminder_days' | 'escalation'
> &
  /** What an `evaluation` or `assignment` task waits for (published versions always carry them). */
  Partial<Pick<TWorkflowTask, 'evaluation_template_id' | 'assignment_id'>>;
export type TPhasePlanPhase = Pick<TWorkflowPhase, 'id' | 'name' | 'status' | 'completion'> & {
  tasks: TPhasePlanTask[];
};

/** A published definition version as the interpreter reads it (through an activity, once per phase). */
export interface TPhasePlan {
  definitionId: string;
  versionId: string;
  phases: TPhasePlanPhase[];
}

const DAY_MS = 86_400_000;
const addDays = (at: Date, days: number) => new Date(at.getTime() + days * DAY_MS);

/**
 * The moment a task is due, entered at `phaseStartedAt`: `phase_start` deadlines count whole days from
 * that moment; a period date's deadline is that day (plus `days`) at 17:00 UTC, the end of a working
 * day. Null without a deadline, or when the internship has no such date.
 */
export function phaseTaskDueAt(
  deadline: TPhasePlanTask['deadline'],
  phaseStartedAt: Date,
  internship: { start_date: string | null; end_date: string | null },
): Date | null {
  if (!deadline) return null;
  if (deadline.from === 'phase_start') return addDays(phaseStartedAt, deadline.days);
  const day = deadline.from === 'period_start' ? internship.start_date : internship.end_date;
  if (!day) return null;
  return addDays(new Date(`${day}T17:00:00.000Z`), deadline.days);
}

/** When the actor is reminded: `reminder_days` before the deadline, in order, none before the phase started. */
export function phaseTaskReminders(
  dueAt: Date | null,
  reminderDays: readonly number[],
  phaseStartedAt: Date,
): Date[] {
  if (!dueAt) return [];
  return [...new Set(reminderDays)]
    .filter((d) => d >= 0)
    .sort((a, b) => b - a)
    .map((d) => addDays(dueAt, -d))
    .filter((at) => at.getTime() > phaseStartedAt.getTime());
}

/** Level 1 (the mentor) and 2 (the school admin): when a task still open after its deadline escalates. */
export function phaseTaskEscalations(
  dueAt: Date | null,
  escalation: TPhasePlanTask['escalation'],
): { level: 1 | 2; at: Date }[] {
  if (!dueAt) return [];
  const out: { level: 1 | 2; at: Date }[] = [];
  if (escalation.mentor_after_days !== null)
    out.push({ level: 1, at: addDays(dueAt, escalation.mentor_after_days) });
  if (escalation.school_admin_after_days !== null)
    out.push({ level: 2, at: addDays(dueAt, escalation.school_admin_after_days) });
  return out.sort((a, b) => a.at.getTime() - b.at.getTime() || a.level - b.level);
}

/** The internship policy's parties as task actors (the supervisor acts by external link, never as a party). */
export function phaseActorsOf(parties: readonly TInternshipParty[]): TPhaseTaskActor[] {
  const map: Record<TInternshipParty, TPhaseTaskActor> = {
    student: 'student',
    mentor: 'mentor',
    school: 'school_admin',
    organization: 'organization_contact',
  };
  return parties.map((p) => map[p]);
}

/**
 * Whether one of `actors` may complete a task: its own actor, and once it escalated, the ones it
 * escalated to (level 1 the mentor, level 2 the school admin too). Anyone else is the wrong actor.
 */
export function mayCompletePhaseTask(
  actors: readonly TPhaseTaskActor[],
  task: { actor: TPhaseTaskActor; escalation_level: number },
): boolean {
  if (actors.includes(task.actor)) return true;
  if (task.escalation_level >= 1 && actors.includes('mentor')) return true;
  return task.escalation_level >= 2 && actors.includes('school_admin');
}

/**
 * Task kinds that complete by the real thing, never by a button: an `evaluation` task when its actor's
 * part of the phase's evaluation is sent, an `assignment` task when the supervisor sends the assignment
 * (placements' phase-runs consumer reads the events and completes them through the workflow).
 */
export const PHASE_TASK_KINDS_BY_SUBMISSION = ['evaluation', 'assignment'] as const;
export const completesBySubmission = (kind: string): boolean =>
  (PHASE_TASK_KINDS_BY_SUBMISSION as readonly string[]).includes(kind);

/**
 * Whether the school's staff (`actors`: the school admin or the student's mentor) may send the workplace
 * supervisor a new link for an open task of theirs; an evaluation or assignment task has its own link.
 */
export const mayResendPhaseTaskLink = (
  actors: readonly TPhaseTaskActor[],
  task: { actor: TPhaseTaskActor; kind: string },
): boolean =>
  task.actor === 'supervisor' && !completesBySubmission(task.kind) && mayCompletePhaseByHand(actors);

/**
 * Where a migration puts a run standing in phase `phaseId`: the phase with that id in the target version
 * (phase ids are stable across a definition's versions), at its position there; its done tasks carry
 * over by task id. Null when the target version has no such phase (it was removed): such a run is not
 * migrated (`phase_migration_phase_missing`), nor one between two phases (`phaseId` null).
 */
export function migrationTarget<P extends { id: string }>(
  phaseId: string | null,
  target: readonly P[],
): { phase: P; position: number } | null {
  if (!phaseId) return null;
  const position = target.findIndex((p) => p.id === phaseId);
  return position < 0 ? null : { phase: target[position]!, position };
}

/** Who may close a phase whose completion is "by hand": the school admin and the mentor. */
export const mayCompletePhaseByHand = (actors: readonly TPhaseTaskActor[]): boolean =>
  actors.includes('school_admin') || actors.includes('mentor');

/**
 * Whether the phase is complete by its rule, given its tasks' states (`manual` never completes by
 * itself): `all_required` when every required task is done (none required: at once), `any` when one
 * task is done (none at all: at once, rather than never).
 */
export function phaseComplete(
  completion: TPhasePlanPhase['completion'],
  tasks: readonly { required: boolean; state: TPhaseTaskState }[],
): boolean {
  if (completion === 'manual') return false;
  if (completion === 'any') return tasks.length === 0 || tasks.some((t) => t.state === 'done');
  return tasks.filter((t) => t.required).every((t) => t.state === 'done');
}
