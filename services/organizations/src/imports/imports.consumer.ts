import { EVENT_PAYLOADS } from '@stageplein/contracts/events/payloads';
import { idempotentConsumer } from '@stageplein/kit/outbox/idempotent-consumer';
import type { TConsumer } from '@stageplein/kit/outbox/transport';
import type { TServiceDeps } from '@stageplein/kit/service';
import { SCHEMA, type TOrganizationsDb } from '../database.ts';
import { importWorkflows } from './import-workflows.ts';
import { startRequestedImport } from './imports.service.ts';

/**
 * Starts the workflow of every requested import (`organizations.import.requested`, written with the
 * upload). Delivery is at least once; the effect is idempotent (see `startRequestedImport`).
 *
 * While Temporal is away an attempt fails within seconds and the transport retries it (delivery.ts:
 * 5 attempts with backoff). A dead letter would then lose the start until someone replays it, so this
 * group refuses to dead-letter while Temporal does not answer: the event counts as undelivered and
 * comes again (in-process: the relay publishes the batch again with its backoff, at most 5 s apart;
 * Kafka: the partition is not committed and is delivered again), for as long as the outage lasts. Only
 * a start that keeps failing while Temporal answers is dead-lettered (and `npm run events:replay`
 * applies it again once fixed).
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
  return {
    ...consumer,
    async deadLetter(letter) {
      // attempts 1: an event that can never succeed (invalid data) is dead-lettered at once.
      if (letter.attempts > 1 && !(await workflows.reachable()))
        throw new Error(`Temporal is unreachable; the import start stays undelivered: ${letter.reason}`);
      await consumer.deadLetter(letter);
    },
  };
}
