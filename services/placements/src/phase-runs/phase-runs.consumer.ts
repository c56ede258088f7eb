import { undeliveredWhileTemporalAway } from '@stageplein/kit/temporal/temporal-consumer';
import { EVENT_PAYLOADS } from '@stageplein/contracts/events/payloads';
import type { TConsumer } from '@stageplein/kit/outbox/transport';
import { useCaseConsumer } from '@stageplein/kit/outbox/use-case-consumer';
import { SCHEMA, type TPlacementsDb } from '../database.ts';
import type { TPlacementsConfig, TPlacementsDeps } from '../placements.config.ts';
import { completeContractSignedTasks, completeSubmittedTasks } from './phase-runs.read.ts';
import { phaseWorkflows } from './phase-workflows.ts';
import {
  beginPhaseRun,
  endPhaseRunOf,
  startRunWorkflow,
  type TPhaseDefinitions,
} from './phase-runs.service.ts';

const ENDS = {
  'placements.internship.completed': 'completed',
  'placements.internship.cancelled': 'cancelled',
  'placements.internship.withdrawn': 'cancelled',
} as const;

/**
 * The internship's life cycle drives its run: activated begins it (the run's row and
 * `placements.phase_run.started`), which starts its workflow under the internship's deterministic id (a
 * redelivery starts nothing new); completed, cancelled or withdrawn ends it (a signal); the internship's
 * contract signed completes the current phase's "contract signed" tasks. A deployment without Temporal (TEMPORAL_ADDRESS unset) runs no phases: the events pass.
 * While Temporal is away the group refuses to dead-letter (as the imports' starts do): the event comes
 * again until Temporal answers, so no run is lost to an outage.
 */
export function phaseRunsConsumer(deps: TPlacementsDeps, definitions: TPhaseDefinitions): TConsumer {
  const workflows = phaseWorkflows(deps.temporal);
  const consumer = useCaseConsumer<TPlacementsDb, TPlacementsConfig>(deps, {
    schema: SCHEMA,
    group: `${SCHEMA}.phase-runs`,
    types: [
      'placements.internship.activated',
      'placements.phase_run.started',
      'placements.contract.signed',
      'placements.evaluation.submitted',
      'placements.assignment.task_completed',
      'placements.internship_phase.entered',
      ...(Object.keys(ENDS) as (keyof typeof ENDS)[]),
    ],
    run: async (ctx, event) => {
      if (!deps.config.TEMPORAL_ADDRESS) return;
      if (event.type === 'placements.internship.activated') {
        const data = EVENT_PAYLOADS['placements.internship.activated'].parse(event.data);
        await beginPhaseRun(ctx, data, definitions);
        return;
      }
      if (event.type === 'placements.contract.signed') {
        // The phases' "contract signed" task kind (contracts/src/phases TASK_KINDS) completes.
        const data = EVENT_PAYLOADS['placements.contract.signed'].parse(event.data);
        await completeContractSignedTasks(ctx, data.internship_id, data.student_id, workflows);
        return;
      }
      if (
        event.type === 'placements.evaluation.submitted' ||
        event.type === 'placements.assignment.task_completed' ||
        event.type === 'placements.internship_phase.entered'
      ) {
        // The phases' evaluation and assignment tasks complete when the real thing is sent.
        const data = EVENT_PAYLOADS[event.type].parse(event.data);
        await completeSubmittedTasks(ctx, data.internship_id, workflows, definitions);
        return;
      }
      if (event.type === 'placements.phase_run.started') {
        const data = EVENT_PAYLOADS['placements.phase_run.started'].parse(event.data);
        await startRunWorkflow(ctx, data.internship_id, workflows);
        return;
      }
      const type = event.type as keyof typeof ENDS;
      const data = EVENT_PAYLOADS[type].parse(event.data);
      await endPhaseRunOf(ctx, data.internship_id, ENDS[type], workflows);
    },
  });
  return undeliveredWhileTemporalAway(consumer, deps.temporal, {
    configured: Boolean(deps.config.TEMPORAL_ADDRESS),
    what: "the phase run's event",
  });
}
