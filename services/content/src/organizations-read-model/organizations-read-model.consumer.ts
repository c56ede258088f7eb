import type { Kysely } from 'kysely';
import { EVENT_PAYLOADS } from '@stageplein/contracts/events/payloads';
import { idempotentConsumer } from '@stageplein/kit/outbox/idempotent-consumer';
import type { TConsumer } from '@stageplein/kit/outbox/transport';
import { SCHEMA } from '../database.ts';
import type { TDb } from '../shared/request.ts';

const SNAPSHOT_EVENTS = [
  'organizations.organization.created',
  'organizations.organization.signed_up',
  'organizations.organization.updated',
  'organizations.organization.approved',
  'organizations.organization.denied',
  'organizations.organization.archived',
  'organizations.organization.reopened',
  'organizations.organization.moved',
] as const;

/**
 * Who edits content depends on the current organization's type and status (contracts'
 * `editsContent`), which organizations owns: content keeps both from its events (subject: the
 * organization, so one organization's events arrive in order).
 */
export function organizationsReadModelConsumer(db: Kysely<unknown>): TConsumer {
  return idempotentConsumer({
    db,
    schema: SCHEMA,
    group: `${SCHEMA}.organizations-read-model`,
    types: [...SNAPSHOT_EVENTS, 'organizations.organization.deleted'],
    async apply(trx, event) {
      const tdb = trx as unknown as TDb;
      if (event.type === 'organizations.organization.deleted') {
        const o = EVENT_PAYLOADS['organizations.organization.deleted'].parse(event.data);
        await tdb.deleteFrom('content.organizations').where('id', '=', o.organization_id).execute();
        return;
      }
      const o = EVENT_PAYLOADS['organizations.organization.updated'].parse(event.data);
      const row = { type: o.organization_type, status: o.status, updated_at: new Date(event.time) };
      await tdb
        .insertInto('content.organizations')
        .values({ id: o.organization_id, tenant_id: event.tenant, ...row })
        .onConflict((oc) => oc.column('id').doUpdateSet(row))
        .execute();
    },
  });
}
