import { sql } from 'kysely';
import { EVENT_PAYLOADS } from '@stageplein/contracts/events/payloads';
import type { TEventEnvelope } from '@stageplein/contracts/events/envelope';
import type { TConsumer } from '@stageplein/kit/outbox/transport';
import { useCaseConsumer } from '@stageplein/kit/outbox/use-case-consumer';
import { SCHEMA, type TNotificationsDb } from '../database.ts';
import type { TNotificationsConfig, TNotificationsDeps } from '../notifications.config.ts';
import type { TCtx } from '../shared/request.ts';
import type { TMailJob } from '../delivery/mail-job.ts';
import { resendHeld } from './held-mails.ts';
import './users.table.ts';

const USER_EVENTS = ['identity.user.created', 'identity.user.updated', 'identity.user.deleted'] as const;

/**
 * Keeps `notifications.users` (address, first name, language, status, periodic mail) current from identity's events,
 * once per event id; an event older than the row changes nothing and a deleted user stays a tombstone.
 * A new address sends the user's mail held after a hard bounce (held-mails.ts) to it.
 */
export async function applyUserEvent(
  ctx: TCtx,
  event: TEventEnvelope,
  enqueue?: (job: TMailJob) => Promise<void>,
): Promise<void> {
  const time = new Date(event.time);
  if (event.type === 'identity.user.deleted') {
    const { user_id } = EVENT_PAYLOADS['identity.user.deleted'].parse(event.data);
    await sql`update notifications.users set deleted = true, email = '', first_name = null,
      event_time = ${time} where id = ${user_id} and event_time <= ${time}`.execute(ctx.db);
    return;
  }
  const u = EVENT_PAYLOADS['identity.user.updated'].parse(event.data);
  const { rows } = await sql<{ email: string }>`
    insert into notifications.users (id, tenant_id, email, first_name, locale, status, deleted, event_time,
      periodic_mail_frequency)
    values (${u.user_id}, ${event.tenant}, ${u.email}, ${u.first_name}, ${u.locale}, ${u.status}, false, ${time},
      ${u.periodic_mail_frequency})
    on conflict (id) do update set email = excluded.email, first_name = excluded.first_name,
      locale = excluded.locale, status = excluded.status, event_time = excluded.event_time,
      periodic_mail_frequency = excluded.periodic_mail_frequency
    where notifications.users.event_time <= excluded.event_time and not notifications.users.deleted
    returning email`.execute(ctx.db);
  // A corrected address: what bounced at the old one goes to it.
  if (rows.length && enqueue && u.status !== 'inactive' && u.status !== 'archived')
    await resendHeld(ctx.db, u.user_id, u.email, enqueue);
}

/** `enqueue`: where mail runs, the queue that held mail goes to when an address is corrected. */
export const mailUsersConsumer = (
  deps: TNotificationsDeps,
  enqueue?: (job: TMailJob) => Promise<void>,
): TConsumer =>
  useCaseConsumer<TNotificationsDb, TNotificationsConfig>(deps, {
    schema: SCHEMA,
    group: `${SCHEMA}.mail-users`,
    types: USER_EVENTS,
    run: (ctx, event) => applyUserEvent(ctx, event, enqueue),
  });
