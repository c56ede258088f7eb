import type { TTenant } from '@stageplein/contracts/tenants/tenant.types';
import { demoUserId, seedInternshipId } from '../internships/index.ts';
import type { TCtx } from '../shared/request.ts';
import { findRun, tasksOfPhase } from './phase-runs.repository.ts';
import {
  completePhaseTaskRow,
  enterPhase,
  insertRunStarted,
  leavePhase,
  type TPhaseDefinitions,
} from './phase-runs.service.ts';

const DAY = 86_400_000;
/** The seeded active internship stands in its definition's third phase (uren maken / stage), a week in. */
const SEEDED_PHASE = 2;
const PHASE_DAYS = 7;

/**
 * The demo student's active internship (internships.seed.ts, the first) runs the School's default
 * workflow and stands in a later phase (docs/decisions/phases.md "Seeds"): the phases before it entered
 * and completed a week apart (their tasks done by their actors), the current one entered a week ago, so
 * its deadlines, reminders and escalations lie around today. Its `placements.phase_run.started` starts
 * the workflow at that phase once Temporal answers. Idempotent: a run already there is left as it is.
 */
export async function seedPhaseRuns(
  ctx: TCtx,
  tenant: TTenant,
  definitions: TPhaseDefinitions,
): Promise<void> {
  const internshipId = seedInternshipId(tenant.id, 0);
  const internship = await ctx.db
    .selectFrom('placements.internships')
    .select(['id', 'status', 'school_id', 'contract_type'])
    .where('id', '=', internshipId)
    .executeTakeFirst();
  if (internship?.status !== 'active' || (await findRun(ctx.db, internshipId))) return;
  const start = await definitions.startingVersion(ctx.db, internship.school_id, internship.contract_type);
  const plan = start && (await definitions.plan(ctx.db, start.versionId));
  if (!start || !plan) return;
  await insertRunStarted(ctx, internshipId, start);
  const actorIds = {
    student: await demoUserId(ctx, 'student'),
    mentor: await demoUserId(ctx, 'mentor'),
    school_admin: await demoUserId(ctx, 'admin'),
  } as Record<string, string | undefined>;
  const current = Math.min(SEEDED_PHASE, plan.phases.length - 1);
  for (let entry = 0; entry <= current; entry++) {
    const at = new Date(ctx.now.getTime() - (current - entry + 1) * PHASE_DAYS * DAY);
    const phase = await enterPhase(
      ctx,
      {
        internshipId,
        versionId: start.versionId,
        phaseIndex: entry,
        entry,
        at: at.toISOString(),
        // The phases already completed are history: only the current one tells the student.
        backfilled: entry < current,
      },
      definitions,
    );
    if (phase.kind !== 'entered' || entry === current) continue;
    const doneAt = new Date(at.getTime() + (PHASE_DAYS - 1) * DAY).toISOString();
    for (const task of await tasksOfPhase(ctx.db, phase.phaseId)) {
      const userId = actorIds[task.actor];
      if (userId) await completePhaseTaskRow(ctx, { taskId: task.id, userId, at: doneAt });
    }
    await leavePhase(ctx, { phaseId: phase.phaseId, state: 'completed', at: doneAt });
  }
}
