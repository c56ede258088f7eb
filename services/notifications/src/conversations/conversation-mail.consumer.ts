import { createHash } from 'node:crypto';
import { EVENT_PAYLOADS } from '@stageplein/contracts/events/payloads';
import type { TEventEnvelope } from '@stageplein/contracts/events/envelope';
import type { TLanguage } from '@stageplein/contracts/i18n/index';
import { DEFAULT_DELIVERY } from '@stageplein/contracts/notifications/notifications';
import { getTenant } from '@stageplein/contracts/tenants/tenant-registry';
import { renderMail } from '@stageplein/kit/mail/templates';
import type { TConsumer } from '@stageplein/kit/outbox/transport';
import { useCaseConsumer } from '@stageplein/kit/outbox/use-case-consumer';
import { publicUrl } from '@stageplein/kit/tenant/public-url';
import { SCHEMA, type TNotificationsDb } from '../database.ts';
import type { TMailJob } from '../delivery/mail-job.ts';
import type { TNotificationsConfig, TNotificationsDeps } from '../notifications.config.ts';
import type { TCtx } from '../shared/request.ts';
import { sendingTemplate } from '../templates/mail-templates.service.ts';
import '../mail/users.table.ts';
import '../preferences/preferences.table.ts';

const TYPE = 'notifications.conversation.message_posted';

/** The job id of one person's mail about one event: the same event again queues nothing new. */
const jobId = (eventId: string, userId: string) =>
  createHash('sha256').update(`${eventId}:${userId}`).digest('hex').slice(0, 32);

/**
 * A new message mailed to each person told of it whose delivery for `messages` is `email` (the default;
 * `in_app` and `digest` get none now), in their language, linking to the conversation. Never the
 * message's text: the mail says who wrote where. Queued once per event and person (the job id).
 */
export async function mailMessagePosted(
  ctx: TCtx,
  event: TEventEnvelope,
  enqueue: (job: TMailJob) => Promise<void>,
): Promise<number> {
  const d = EVENT_PAYLOADS[TYPE].parse(event.data);
  if (d.recipient_ids.length === 0) return 0;
  const [people, chosen] = await Promise.all([
    ctx.db.selectFrom('notifications.users').selectAll().where('id', 'in', d.recipient_ids).execute(),
    ctx.db
      .selectFrom('notifications.preferences')
      .select(['user_id', 'delivery'])
      .where('user_id', 'in', d.recipient_ids)
      .where('category', '=', 'messages')
      .execute(),
  ]);
  const kind = d.kind === 'internship' ? 'conversation_message' : 'direct_message';
  const link = `${publicUrl(ctx.config, ctx.tenant.id)}/conversations?id=${d.conversation_id}`;
  let queued = 0;
  for (const person of people) {
    if (person.deleted || person.status === 'inactive' || person.status === 'archived' || !person.email)
      continue;
    const delivery = chosen.find((c) => c.user_id === person.id)?.delivery ?? DEFAULT_DELIVERY;
    if (delivery !== 'email' || person.id === d.author_id) continue;
    const lang: TLanguage = person.locale === 'en' ? 'en' : 'nl';
    // The tenant's own template of the kind when it has one, else the shipped one (the feed's words).
    const rendered = renderMail(
      lang,
      kind,
      {
        appName: getTenant(ctx.tenant.id)?.appName ?? 'Stageplein',
        name: person.first_name ?? person.email,
        link,
        author: d.author_name,
        internship: d.title ?? '',
      },
      await sendingTemplate(ctx.db, lang, kind),
    );
    await enqueue({
      id: jobId(event.id, person.id),
      tenant: ctx.tenant.id,
      kind,
      to: person.email,
      from: ctx.config.MAIL_FROM,
      subject: rendered.subject,
      text: rendered.text,
      html: rendered.html,
      userId: person.id,
    });
    queued += 1;
  }
  return queued;
}

/** Where mail runs (notifications.module.ts): the messages' mail, once per event id. */
export const conversationMailConsumer = (
  deps: TNotificationsDeps,
  enqueue: (job: TMailJob) => Promise<void>,
): TConsumer =>
  useCaseConsumer<TNotificationsDb, TNotificationsConfig>(deps, {
    schema: SCHEMA,
    group: `${SCHEMA}.conversation-mail`,
    types: [TYPE],
    run: async (ctx, event) => {
      await mailMessagePosted(ctx, event, enqueue);
    },
  });
