import { sql } from 'kysely';
import { EVENT_PAYLOADS } from '@stageplein/contracts/events/payloads';
import type { TEventEnvelope } from '@stageplein/contracts/events/envelope';
import type { TCtx } from '../../shared/request.ts';
import { SCHEMA } from '../../database.ts';

export const USER_EVENTS = [
  'identity.user.created',
  'identity.user.updated',
  'identity.user.deleted',
] as const;
export const USERS_READ_MODEL_GROUP = `${SCHEMA}.users-read-model`;

/**
 * Keeps `placements.users` (a vacancy's contact person, an internship's student, contact person and
 * supervisor: name, email, status; `created_at` the first event's time) current from identity's
 * events. Idempotent per event id; an event older than the row's changes nothing, and a deleted user
 * stays as a tombstone so a late `updated` cannot bring them back.
 */
export async function applyUserEvent(ctx: TCtx, event: TEventEnvelope): Promise<void> {
  const time = new Date(event.time);
  if (event.type === 'identity.user.deleted') {
    const { user_id } = EVENT_PAYLOADS['identity.user.deleted'].parse(event.data);
    await sql`update placements.users set deleted = true, email = '', first_name = null, last_name = null,
      event_time = ${time} where id = ${user_id} and event_time <= ${time}`.execute(ctx.db);
    return;
  }
  const u = EVENT_PAYLOADS['identity.user.updated'].parse(event.data);
  await sql`
    insert into placements.users (id, tenant_id, email, first_name, last_name, status, deleted, created_at,
      event_time)
    values (${u.user_id}, ${event.tenant}, ${u.email}, ${u.first_name}, ${u.last_name}, ${u.status}, false,
      ${time}, ${time})
    on conflict (id) do update set email = excluded.email, first_name = excluded.first_name,
      last_name = excluded.last_name, status = excluded.status, event_time = excluded.event_time,
      created_at = coalesce(placements.users.created_at, excluded.created_at)
    where placements.users.event_time <= excluded.event_time and not placements.users.deleted`.execute(
    ctx.db,
  );
}
