import { sql } from 'kysely';
import { EVENT_PAYLOADS } from '@stageplein/contracts/events/payloads';
import type { TEventEnvelope } from '@stageplein/contracts/events/envelope';
import type { TCtx } from '../../shared/request.ts';

export const TAG_EVENTS = [
  'organizations.tag.created',
  'organizations.tag.updated',
  'organizations.tag.deleted',
] as const;

/**
 * Keeps `placements.tags` current (the names of the internship bank's tag facet). Idempotent per event
 * id; the newest `event_time` wins, and a deleted tag stays as a tombstone that keeps its name.
 */
export async function applyTagEvent(ctx: TCtx, event: TEventEnvelope): Promise<void> {
  const t = EVENT_PAYLOADS['organizations.tag.updated'].parse(event.data);
  const deleted = event.type === 'organizations.tag.deleted';
  await sql`
    insert into placements.tags (id, tenant_id, school_id, name, deleted, event_time)
    values (${t.tag_id}, ${event.tenant}, ${t.school_id}, ${t.name}, ${deleted}, ${new Date(event.time)})
    on conflict (id) do update set name = excluded.name, deleted = excluded.deleted,
      event_time = excluded.event_time
    where placements.tags.event_time <= excluded.event_time and not placements.tags.deleted`.execute(ctx.db);
}
