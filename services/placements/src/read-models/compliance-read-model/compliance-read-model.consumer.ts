import { sql, type Kysely } from 'kysely';
import { EVENT_PAYLOADS } from '@stageplein/contracts/events/payloads';
import { idempotentConsumer } from '@stageplein/kit/outbox/idempotent-consumer';
import type { TConsumer } from '@stageplein/kit/outbox/transport';
import { SCHEMA } from '../../database.ts';

/**
 * Keeps `placements.organization_compliance` current from organizations' compliance events: whether
 * the organization may publish and which required kinds stop it. Idempotent per event id; an event
 * older than the row changes nothing.
 */
export function complianceReadModelConsumer(db: Kysely<unknown>): TConsumer {
  return idempotentConsumer({
    db,
    schema: SCHEMA,
    group: `${SCHEMA}.compliance-read-model`,
    types: ['organizations.compliance.changed'],
    async apply(trx, event) {
      const c = EVENT_PAYLOADS['organizations.compliance.changed'].parse(event.data);
      const blocking = c.kinds
        .filter((k) => k.status === 'missing' || k.status === 'expired')
        .map((k) => k.kind);
      await sql`
        insert into placements.organization_compliance (organization_id, tenant_id, may_publish, blocking_kinds, event_time)
        values (${c.organization_id}, ${event.tenant}, ${c.may_publish}, ${sql.val(blocking)}::text[], ${new Date(event.time)})
        on conflict (organization_id) do update set may_publish = excluded.may_publish,
          blocking_kinds = excluded.blocking_kinds, event_time = excluded.event_time
        where placements.organization_compliance.event_time <= excluded.event_time`.execute(trx);
    },
  });
}
