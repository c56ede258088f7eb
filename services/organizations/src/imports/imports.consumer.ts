import { EVENT_PAYLOADS } from '@stageplein/contracts/events/payloads';
import { idempotentConsumer } from '@stageplein/kit/outbox/idempotent-consumer';
import type { TConsumer } from '@stageplein/kit/outbox/transport';
import type { TServiceDeps } from '@stageplein/kit/service';
import { undeliveredWhileTemporalAway } from '@stageplein/kit/temporal/temporal-consumer';
import { SCHEMA, type TOrganizationsDb } from '../database.ts';
import { importWorkflows } from './import-workflows.ts';
import { startRequestedImport } from './imports.service.ts';

/**
 * Starts the workflow of every requested import (`organizations.import.requested`, written with the
 * upload). Delivery is at least once; the effect is idempotent (see `startRequestedImport`).
 *
 * While Temporal is away or too slow to answer, the event stays undelivered and comes again rather
 * than being dead-lettered (kit `undeliveredWhileTemporalAway`); a start Temporal refuses is
 * dead-lettered, and `npm run events:replay` applies it again once fixed.
 */
export function importRequestsConsumer(deps: TServiceDeps): TConsumer {
  const workflows = importWorkflows(deps.temporal);
  const consumer = idempotentConsumer<TOrganizationsDb>({
    db: deps.db,
    schema: SCHEMA,
    group: `${SCHEMA}.import-workflows`,
    types: ['organizations.import.requested'],
    async apply(trx, event) {
      const data = EVENT_PAYLOADS['organizations.import.requested'].parse(event.data);
      await startRequestedImport(
        trx,
        { tenant: event.tenant, importId: data.import_id, at: deps.now?.() ?? new Date() },
        workflows,
      );
    },
  });
  return undeliveredWhileTemporalAway(consumer, deps.temporal, {
    configured: Boolean(deps.config.TEMPORAL_ADDRESS),
    what: 'the import start',
  });
}
