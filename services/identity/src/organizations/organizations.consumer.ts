import type { Kysely } from 'kysely';
import { EVENT_PAYLOADS } from '@stageplein/contracts/events/payloads';
import { idempotentConsumer } from '@stageplein/kit/outbox/idempotent-consumer';
import type { TConsumer } from '@stageplein/kit/outbox/transport';
import { SCHEMA, type TDb, type TIdentityDb } from '../database.ts';
import { applyOrganizationSnapshot } from './organizations.repository.ts';
import type { TIdentityDeps } from '../identity.config.ts';

/** Every organizations event that carries the organization's snapshot (name, type, status). */
export const ORGANIZATION_SNAPSHOT_EVENTS = [
  'organizations.organization.created',
  'organizations.organization.signed_up',
  'organizations.organization.updated',
  'organizations.organization.approved',
  'organizations.organization.denied',
  'organizations.organization.archived',
  'organizations.organization.reopened',
  'organizations.organization.moved',
  'organizations.organization.deleted',
] as const;

/**
 * Keeps identity's read model of organizations (organizations.table.ts) current from the
 * organizations service's events. Idempotent per event id (kit idempotentConsumer); its own group,
 * so it advances independently of the signup mails.
 */
export function organizationsReadModelConsumer(deps: TIdentityDeps): TConsumer {
  return idempotentConsumer({
    db: deps.db as Kysely<TIdentityDb>,
    schema: SCHEMA,
    group: `${SCHEMA}.organizations-read-model`,
    types: ORGANIZATION_SNAPSHOT_EVENTS,
    async apply(trx, event) {
      // The transport validated the data against the event's own schema; the snapshot part is common.
      const o = EVENT_PAYLOADS['organizations.organization.updated'].parse(event.data);
      await applyOrganizationSnapshot(trx as unknown as TDb, {
        id: o.organization_id,
        tenant_id: event.tenant,
        organization_type: o.organization_type,
        name: o.name,
        status: o.status,
        deleted: event.type === 'organizations.organization.deleted',
        event_time: new Date(event.time),
      });
    },
  });
}
