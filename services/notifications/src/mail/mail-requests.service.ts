import type {
  TMailFailureReason,
  TMailRequested,
  TMailRequestingService,
} from '@stageplein/contracts/events/mail';
import type { TLanguage } from '@stageplein/contracts/i18n/index';
import {
  deliveryChangeable,
  DEFAULT_DELIVERY,
  type TNotificationCategory,
} from '@stageplein/contracts/notifications/notifications';
import { getTenant } from '@stageplein/contracts/tenants/tenant-registry';
import { openLink } from '@stageplein/kit/mail/sealed-link';
import { renderMail, type TMailVars } from '@stageplein/kit/mail/templates';
import { writeEvents } from '@stageplein/kit/outbox/write-events';
import { publicUrl } from '@stageplein/kit/tenant/public-url';
import { SCHEMA } from '../database.ts';
import type { TMailJob } from '../delivery/mail-job.ts';
import type { TCtx, TDb } from '../shared/request.ts';
import { sendingTemplate } from '../templates/mail-templates.service.ts';
import './users.table.ts';
import '../preferences/preferences.table.ts';

type TRecipient = { email: string; name: string; lang: TLanguage; userId: string | null };

/**
 * The category a requested template's mail belongs to, for the person's preference
 * (docs/decisions/mail-requests.md); none: an external link is an action only the link allows (a
 * supervisor's hours, a signer's turn) and is always mailed, like account mail.
 */
const CATEGORY: Record<TMailRequested['template'], TNotificationCategory | null> = {
  external_link: null,
  bulk_message: 'messages',
  reminder: 'tasks',
};

async function recipientOf(
  db: TDb,
  recipient: TMailRequested['recipient'],
): Promise<TRecipient | TMailFailureReason> {
  if ('email' in recipient)
    return {
      email: recipient.email,
      name: recipient.name || recipient.email,
      lang: recipient.language,
      userId: null,
    };
  const user = await db
    .selectFrom('notifications.users')
    .selectAll()
    .where('id', '=', recipient.user_id)
    .executeTakeFirst();
  if (!user || user.deleted) return 'unknown_recipient';
  if (user.status === 'inactive' || user.status === 'archived') return 'recipient_inactive';
  return {
    email: user.email,
    name: user.first_name ?? user.email,
    lang: user.locale === 'en' ? 'en' : 'nl',
    userId: user.id,
  };
}

/** Whether the person wants this category by mail now (account and signing mail always). */
async function wantsMail(
  db: TDb,
  userId: string | null,
  category: TNotificationCategory | null,
): Promise<boolean> {
  if (!userId || !category || !deliveryChangeable(category)) return true;
  const chosen = await db
    .selectFrom('notifications.preferences')
    .select('delivery')
    .where('user_id', '=', userId)
    .where('category', '=', category)
    .executeTakeFirst();
  return (chosen?.delivery ?? DEFAULT_DELIVERY) === 'email';
}

/** Only http(s) links on the tenant's own site (its public URL, its domains, localhost for the default). */
function ownSite(ctx: TCtx, url: string): boolean {
  if (!URL.canParse(url)) return false;
  const parsed = new URL(url);
  if (!['http:', 'https:'].includes(parsed.protocol) || parsed.username || parsed.password) return false;
  const tenant = ctx.tenant.id;
  const origins = [publicUrl(ctx.config, tenant)];
  for (const [host, t] of Object.entries(ctx.config.TENANT_DOMAINS))
    if (t === tenant) origins.push(`https://${host}`);
  if (tenant === ctx.config.DEFAULT_TENANT) origins.push(`http://localhost:${ctx.config.PORT}`);
  return origins.some((o) => URL.canParse(o) && new URL(o).origin === parsed.origin);
}

/** "23 november 2026 om 18:00" / "23 November 2026 at 18:00", in the product's time zone. */
const dateTime = (lang: TLanguage, iso: string) =>
  new Intl.DateTimeFormat(lang === 'en' ? 'en-GB' : 'nl-NL', {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'Europe/Amsterdam',
  }).format(new Date(iso));

/** The template's placeholders in the recipient's language. */
function varsOf(request: TMailRequested, lang: TLanguage): Partial<TMailVars> {
  switch (request.template) {
    case 'external_link':
      return {
        purpose: request.vars.purpose[lang],
        details: request.vars.details?.[lang] ?? '',
        validUntil: dateTime(lang, request.vars.expires_at),
      };
    case 'bulk_message':
      return { subject: request.vars.subject, body: request.vars.body, sender: request.vars.sender ?? '' };
    case 'reminder':
      return { subject: request.vars.subject[lang], body: request.vars.body[lang] };
  }
}

/** Answers the requesting service (`notifications.mail.delivered` / `failed`), in the caller's transaction. */
export async function answerMailRequest(
  db: TDb,
  tenant: string,
  deliveryId: string,
  service: TMailRequestingService,
  outcome: { status: 'delivered' } | { status: 'failed'; reason: TMailFailureReason },
): Promise<void> {
  await writeEvents(db, SCHEMA, [
    outcome.status === 'failed'
      ? {
          type: 'notifications.mail.failed' as const,
          subject: deliveryId,
          tenant: tenant as never,
          actor: 'system',
          data: { delivery_id: deliveryId, service, reason: outcome.reason },
        }
      : {
          type: 'notifications.mail.delivered' as const,
          subject: deliveryId,
          tenant: tenant as never,
          actor: 'system',
          data: { delivery_id: deliveryId, service },
        },
  ]);
}

/**
 * A mail another service requested (`<service>.mail.requested`): finds the recipient (a user from the
 * read model, or the request's address), honours the person's preference for its category, opens the
 * sealed link (it must lead to the tenant's own site), renders it in the recipient's language with the
 * tenant's template of the kind (or the shipped default) and queues
 * it (`enqueue`; the job id is the delivery id, so a repeated request queues nothing new). A request that
 * cannot be sent is answered `failed` with its reason at once; a queued one when the worker is done.
 */
export async function queueRequestedMail(
  ctx: TCtx,
  service: TMailRequestingService,
  request: TMailRequested,
  enqueue: (job: TMailJob) => Promise<void>,
): Promise<void> {
  const fail = (reason: TMailFailureReason) =>
    answerMailRequest(ctx.db, ctx.tenant.id, request.delivery_id, service, { status: 'failed', reason });
  const recipient = await recipientOf(ctx.db, request.recipient);
  if (typeof recipient === 'string') return fail(recipient);
  if (!(await wantsMail(ctx.db, recipient.userId, CATEGORY[request.template]))) return fail('not_wanted');
  const link =
    request.link_sealed === null
      ? publicUrl(ctx.config, ctx.tenant.id)
      : openLink(ctx.config, request.link_sealed);
  if (!link || !ownSite(ctx, link)) return fail('unreadable_link');
  // The tenant's own template of the kind when it has one (its variables were checked when saved).
  const rendered = renderMail(
    recipient.lang,
    request.template,
    {
      appName: getTenant(ctx.tenant.id)?.appName ?? 'Stageplein',
      name: recipient.name,
      link,
      ...varsOf(request, recipient.lang),
    },
    await sendingTemplate(ctx.db, recipient.lang, request.template),
  );
  await enqueue({
    id: request.delivery_id,
    tenant: ctx.tenant.id,
    kind: request.template,
    to: recipient.email,
    from: ctx.config.MAIL_FROM,
    subject: rendered.subject,
    text: rendered.text,
    html: rendered.html,
    service,
    ...(recipient.userId ? { userId: recipient.userId } : {}),
  });
}
