import { undeliveredWhileTemporalAway } from '@stageplein/kit/temporal/temporal-consumer';
import { WorkflowExecutionAlreadyStartedError } from '@temporalio/common';
import { EVENT_PAYLOADS } from '@stageplein/contracts/events/payloads';
import { TASK_QUEUES, WORKFLOW_TYPES, writeBackWorkflowId } from '@stageplein/contracts/workflows/names';
import type { TConsumer } from '@stageplein/kit/outbox/transport';
import { useCaseConsumer } from '@stageplein/kit/outbox/use-case-consumer';
import { SCHEMA, type TPlacementsDb } from '../database.ts';
import type { TPlacementsConfig, TPlacementsDeps } from '../placements.config.ts';

/**
 * `placements.write_back.requested` starts the run's workflow under its deterministic id (a redelivery
 * starts nothing new). While Temporal is away the group refuses to dead-letter, so no run is lost to an
 * outage (as the signing consumer).
 */
export function writeBackConsumer(deps: TPlacementsDeps): TConsumer {
  const consumer = useCaseConsumer<TPlacementsDb, TPlacementsConfig>(deps, {
    schema: SCHEMA,
    group: `${SCHEMA}.write-back`,
    types: ['placements.write_back.requested'],
    run: async (ctx, event) => {
      if (!deps.config.TEMPORAL_ADDRESS) return;
      const data = EVENT_PAYLOADS['placements.write_back.requested'].parse(event.data);
      await deps.temporal
        .call((c) =>
          c.workflow.start(WORKFLOW_TYPES.resultsWriteBack, {
            taskQueue: TASK_QUEUES.imports,
            workflowId: writeBackWorkflowId(data.write_back_id),
            args: [{ tenant: ctx.tenant.id, writeBackId: data.write_back_id }],
            workflowIdConflictPolicy: 'USE_EXISTING',
            workflowIdReusePolicy: 'REJECT_DUPLICATE',
          }),
        )
        .catch((error: unknown) => {
          if (error instanceof WorkflowExecutionAlreadyStartedError) return;
          throw error;
        });
    },
  });
  return undeliveredWhileTemporalAway(consumer, deps.temporal, {
    configured: Boolean(deps.config.TEMPORAL_ADDRESS),
    what: "the write-back's event",
  });
}
