import { undeliveredWhileTemporalAway } from '@stageplein/kit/temporal/temporal-consumer';
import { EVENT_PAYLOADS } from '@stageplein/contracts/events/payloads';
import type { TConsumer } from '@stageplein/kit/outbox/transport';
import { useCaseConsumer } from '@stageplein/kit/outbox/use-case-consumer';
import { SCHEMA, type TPlacementsDb } from '../../database.ts';
import type { TPlacementsConfig, TPlacementsDeps } from '../../placements.config.ts';
import { signingWorkflows } from './signing-workflows.ts';

/**
 * A thin adapter: `placements.contract.ready_for_signing` starts the contract's signing workflow (its
 * deterministic id: a redelivery starts nothing new), `placements.contract.voided` tells it,
 * `placements.contract.seal_requested` (an admin's retry of a failed seal) signals it or starts it again. Without
 * Temporal (TEMPORAL_ADDRESS unset) nobody signs: the events pass. While Temporal is away the group
 * refuses to dead-letter, so no start is lost to an outage.
 */
export function signingConsumer(deps: TPlacementsDeps): TConsumer {
  const workflows = signingWorkflows(deps.temporal);
  const consumer = useCaseConsumer<TPlacementsDb, TPlacementsConfig>(deps, {
    schema: SCHEMA,
    group: `${SCHEMA}.contract-signing`,
    types: [
      'placements.contract.ready_for_signing',
      'placements.contract.voided',
      'placements.contract.seal_requested',
    ],
    run: async (ctx, event) => {
      if (!deps.config.TEMPORAL_ADDRESS) return;
      if (event.type === 'placements.contract.ready_for_signing') {
        const data = EVENT_PAYLOADS['placements.contract.ready_for_signing'].parse(event.data);
        await workflows.start({ tenant: ctx.tenant.id, contractId: data.contract_id });
        return;
      }
      if (event.type === 'placements.contract.seal_requested') {
        const data = EVENT_PAYLOADS['placements.contract.seal_requested'].parse(event.data);
        await workflows.retrySeal({ tenant: ctx.tenant.id, contractId: data.contract_id });
        return;
      }
      const data = EVENT_PAYLOADS['placements.contract.voided'].parse(event.data);
      if (data.from === 'signing' || data.from === 'signed') await workflows.voided(data.contract_id);
    },
  });
  return undeliveredWhileTemporalAway(consumer, deps.temporal, {
    configured: Boolean(deps.config.TEMPORAL_ADDRESS),
    what: "the contract's event",
  });
}
