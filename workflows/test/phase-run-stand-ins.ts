// In-memory stand-ins of the internship-phases activities (placements' phase-runs group) with the same
// signatures and the same rules (contracts' phase-run-policy computes the moments), for the interpreter's
// time-skipping tests and the replay fixtures. They record every call with the workflow clock's moment
// (the activity's scheduled time on the test server), so a test asserts WHEN the workflow acted.
import { Context } from '@temporalio/activity';
import {
  phaseTaskDueAt,
  phaseTaskEscalations,
  phaseTaskReminders,
  type TPhasePlan,
} from '@stageplein/contracts/placements/phase-run-policy';
import type { TEnteredPhase, TPhaseRunActivities, TRunTask } from '@stageplein/placements/activities';

export interface TStandInCall {
  name: keyof TPhaseRunActivities;
  /** The workflow clock when the activity was scheduled (ms). */
  at: number;
  input: Record<string, unknown>;
}

/** Two phases of a sample definition: "aanmelden" (a student task due in 3 days) and "afgerond" (none). */
export function samplePlan(versionId: string, overrides: Partial<TPhasePlan> = {}): TPhasePlan {
  return {
    definitionId: '00000000-0000-4000-8000-00000000d001',
    versionId,
    phases: [
      {
        id: '00000000-0000-4000-8000-0000000000a1',
        name: { nl: 'Aanmelden', en: 'Sign-up' },
        status: 'preparing',
        completion: 'all_required',
        tasks: [
          {
            id: '00000000-0000-4000-8000-0000000000b1',
            title: { nl: 'Stageovereenkomst uploaden', en: 'Upload the agreement' },
            kind: 'checklist',
            actor: 'student',
            required: true,
            deadline: { from: 'phase_start', days: 3 },
            reminder_days: [2, 1],
            escalation: { mentor_after_days: 1, school_admin_after_days: 3 },
          },
          {
            id: '00000000-0000-4000-8000-0000000000b2',
            title: { nl: 'Kennismaken', en: 'Meet' },
            kind: 'checklist',
            actor: 'mentor',
            required: false,
            deadline: null,
            reminder_days: [],
            escalation: { mentor_after_days: null, school_admin_after_days: null },
          },
        ],
      },
      {
        id: '00000000-0000-4000-8000-0000000000a2',
        name: { nl: 'Afgerond', en: 'Finished' },
        status: 'finished',
        completion: 'all_required',
        tasks: [],
      },
    ],
    ...overrides,
  };
}

const DAY_MS = 86_400_000;

/**
 * The stand-ins over `plans` (by version id); `calls` fills as the workflows run. `dayMs` shortens a
 * plan's day for a run on a real (not time-skipping) server: the moments are contracts' rules computed
 * from the phase's start, then scaled (a 3-day deadline is 3 × `dayMs` after the start).
 */
export function phaseRunStandIns(
  plans: Map<string, TPhasePlan>,
  internships = new Map<string, { status: string }>(),
  { dayMs = DAY_MS }: { dayMs?: number } = {},
) {
  const calls: TStandInCall[] = [];
  const phases = new Map<
    string,
    { entered: TEnteredPhase & { kind: 'entered' }; internshipId: string; state: string }
  >();
  const byEntry = new Map<string, string>();
  const tasks = new Map<string, TRunTask & { taskKey: string }>();
  const ended = new Map<string, string>();
  const clock = () => {
    try {
      return Context.current().info.currentAttemptScheduledTimestampMs;
    } catch {
      return Date.now();
    }
  };
  const log = (name: keyof TPhaseRunActivities, input: object) =>
    calls.push({ name, at: clock(), input: { ...input } as Record<string, unknown> });

  const activities: TPhaseRunActivities = {
    async enterPhase(input) {
      log('enterPhase', input);
      const key = `${input.internshipId}/${input.entry}`;
      const known = byEntry.get(key);
      if (known) return phases.get(known)!.entered;
      if (
        ended.has(input.internshipId) ||
        (internships.get(input.internshipId)?.status ?? 'active') !== 'active'
      )
        return { kind: 'ended', state: 'cancelled' };
      const plan = plans.get(input.versionId)!;
      const byKey = input.phaseKey ? plan.phases.findIndex((p) => p.id === input.phaseKey) : -1;
      const index = byKey >= 0 ? byKey : Math.min(input.phaseIndex, plan.phases.length - 1);
      const def = plan.phases[index]!;
      const startedAt = new Date(input.at);
      const carried = new Set(
        [...tasks.values()]
          .filter((t) => t.id.startsWith(`${input.carryFromPhaseId}/`) && t.state === 'done')
          .map((t) => t.taskKey),
      );
      const phaseId = `phase-${input.internshipId}-${input.entry}`;
      const scaled = (d: Date) =>
        new Date(startedAt.getTime() + ((d.getTime() - startedAt.getTime()) * dayMs) / DAY_MS);
      const runTasks = def.tasks.map((t): TRunTask & { taskKey: string } => {
        const planned = phaseTaskDueAt(t.deadline, startedAt, {
          start_date: '2027-02-01',
          end_date: '2027-06-30',
        });
        const due = planned && scaled(planned);
        return {
          id: `${phaseId}/${t.id}`,
          taskKey: t.id,
          actor: t.actor,
          required: t.required,
          state: carried.has(t.id) ? 'done' : 'open',
          dueAt: due?.toISOString() ?? null,
          remindersAt: phaseTaskReminders(planned, t.reminder_days, startedAt).map((d) =>
            scaled(d).toISOString(),
          ),
          remindersSent: 0,
          escalations: phaseTaskEscalations(planned, t.escalation).map((e) => ({
            level: e.level,
            at: scaled(e.at).toISOString(),
          })),
          escalationLevel: 0,
        };
      });
      for (const t of runTasks) tasks.set(t.id, t);
      const entered = {
        kind: 'entered' as const,
        phaseId,
        definitionPhaseId: def.id,
        index,
        last: index === plan.phases.length - 1,
        completion: def.completion,
        tasks: runTasks.map(({ taskKey: _key, ...t }) => t),
      };
      phases.set(phaseId, { entered, internshipId: input.internshipId, state: 'active' });
      byEntry.set(key, phaseId);
      return entered;
    },
    async completePhaseTask(input) {
      log('completePhaseTask', input);
      const t = tasks.get(input.taskId);
      if (t?.state === 'open') t.state = 'done';
    },
    async remindPhaseTask(input) {
      log('remindPhaseTask', input);
      const t = tasks.get(input.taskId)!;
      t.remindersSent = Math.max(t.remindersSent, input.reminder);
    },
    async escalatePhaseTask(input) {
      log('escalatePhaseTask', input);
      const t = tasks.get(input.taskId)!;
      t.escalationLevel = Math.max(t.escalationLevel, input.level);
    },
    async leavePhase(input) {
      log('leavePhase', input);
      const p = phases.get(input.phaseId)!;
      if (p.state !== 'active') return;
      p.state = input.state;
      for (const t of tasks.values())
        if (t.id.startsWith(`${input.phaseId}/`) && t.state === 'open') t.state = 'cancelled';
    },
    async endPhaseRun(input) {
      log('endPhaseRun', input);
      if (!ended.has(input.internshipId)) ended.set(input.internshipId, input.state);
    },
  };
  return { activities, calls, tasks, phases, ended };
}
