import { sql } from 'kysely';
import { EVENT_PAYLOADS } from '@stageplein/contracts/events/payloads';
import type { TEventEnvelope } from '@stageplein/contracts/events/envelope';
import type { TCtx } from '../../shared/request.ts';

/**
 * Keeps `placements.organization_compliance` current from organizations' compliance events: whether
 * the organization may publish and which required kinds stop it. Idempotent per event id; an event
 * older than the row changes nothing.
 */
export async function applyComplianceEvent(ctx: TCtx, event: TEventEnvelope): Promise<void> {
  const c = EVENT_PAYLOADS['organizations.compliance.changed'].parse(event.data);
  const blocking = c.kinds.filter((k) => k.status === 'missing' || k.status === 'expired').map((k) => k.kind);
  await sql`
    insert into placements.organization_compliance (organization_id, tenant_id, may_publish, blocking_kinds, event_time)
    values (${c.organization_id}, ${event.tenant}, ${c.may_publish}, ${sql.val(blocking)}::text[], ${new Date(event.time)})
    on conflict (organization_id) do update set may_publish = excluded.may_publish,
      blocking_kinds = excluded.blocking_kinds, event_time = excluded.event_time
    where placements.organization_compliance.event_time <= excluded.event_time`.execute(ctx.db);
}
