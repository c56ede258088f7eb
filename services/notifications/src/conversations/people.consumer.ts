import { sql } from 'kysely';
import { EVENT_PAYLOADS } from '@stageplein/contracts/events/payloads';
import type { TEventEnvelope } from '@stageplein/contracts/events/envelope';
import type { TConsumer } from '@stageplein/kit/outbox/transport';
import { useCaseConsumer } from '@stageplein/kit/outbox/use-case-consumer';
import { SCHEMA, type TNotificationsDb } from '../database.ts';
import type { TNotificationsConfig, TNotificationsDeps } from '../notifications.config.ts';
import type { TCtx } from '../shared/request.ts';
import './conversations.table.ts';

const USER_EVENTS = ['identity.user.created', 'identity.user.updated', 'identity.user.deleted'] as const;

/**
 * Keeps `notifications.people` (the names conversations show) from identity's user events, once per
 * event id; an older event changes nothing and a deleted user stays a nameless tombstone.
 */
export async function applyPersonEvent(ctx: TCtx, event: TEventEnvelope): Promise<void> {
  const time = new Date(event.time);
  if (event.type === 'identity.user.deleted') {
    const { user_id } = EVENT_PAYLOADS['identity.user.deleted'].parse(event.data);
    await sql`update notifications.people set deleted = true, email = '', first_name = null, last_name = null,
      event_time = ${time} where id = ${user_id} and event_time <= ${time}`.execute(ctx.db);
    return;
  }
  const u = EVENT_PAYLOADS['identity.user.updated'].parse(event.data);
  await sql`
    insert into notifications.people (id, tenant_id, first_name, last_name, email, deleted, event_time)
    values (${u.user_id}, ${event.tenant}, ${u.first_name}, ${u.last_name}, ${u.email}, false, ${time})
    on conflict (id) do update set first_name = excluded.first_name, last_name = excluded.last_name,
      email = excluded.email, event_time = excluded.event_time
    where notifications.people.event_time <= excluded.event_time and not notifications.people.deleted`.execute(
    ctx.db,
  );
}

export const conversationPeopleConsumer = (deps: TNotificationsDeps): TConsumer =>
  useCaseConsumer<TNotificationsDb, TNotificationsConfig>(deps, {
    schema: SCHEMA,
    group: `${SCHEMA}.conversation-people`,
    types: USER_EVENTS,
    run: applyPersonEvent,
  });
