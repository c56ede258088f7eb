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
  type TNotificationDelivery,
} from '@stageplein/contracts/notifications/notifications';
import { getTenant } from '@stageplein/contracts/tenants/tenant-registry';
import { openLink } from '@stageplein/kit/mail/sealed-link';
import { renderMail, type TMailVars, type TTemplate } from '@stageplein/kit/mail/templates';
import { writeEvents } from '@stageplein/kit/outbox/write-events';
import { publicUrl } from '@stageplein/kit/tenant/public-url';
import { SCHEMA } from '../database.ts';
import type { TMailJob } from '../delivery/mail-job.ts';
import type { TCtx, TDb } from '../shared/request.ts';
import { sendingTemplate } from '../templates/mail-templates.service.ts';
import type { TMailUsersTable } from './users.table.ts';
import '../preferences/preferences.table.ts';

type TRecipient = { email: string; name: string; lang: TLanguage; userId: string | null };

/**
 * The category a requested template's mail belongs to, for the person's preference
 * (docs/decisions/mail-requests.md); none: an external link is an action only the link allows (a
 * supervisor's hours, a signer's turn) and is always mailed, like identity's account mails.
 */
const CATEGORY: Partial<Record<TMailRequested['template'], TNotificationCategory>> = {
  bulk_message: 'messages',
  reminder: 'tasks',
};

/** A request's recipient, from the users read in one go (`usersOf`) or the request's own address. */
function recipientOf(
  users: ReadonlyMap<string, TMailUser>,
  recipient: TMailRequested['recipient'],
): TRecipient | TMailFailureReason {
  if ('email' in recipient)
    return {
      email: recipient.email,
      name: recipient.name || recipient.email,
      lang: recipient.language,
      userId: null,
    };
  const user = users.get(recipient.user_id);
  if (!user || user.deleted) return 'unknown_recipient';
  if (user.status === 'inactive' || user.status === 'archived') return 'recipient_inactive';
  return {
    email: user.email,
    name: user.first_name ?? user.email,
    lang: user.locale === 'en' ? 'en' : 'nl',
    userId: user.id,
  };
}

type TMailUser = Pick<TMailUsersTable, 'id' | 'email' | 'first_name' | 'locale' | 'status' | 'deleted'>;

/** The users the requests name, in one statement. */
async function usersOf(db: TDb, requests: readonly TMailRequested[]): Promise<Map<string, TMailUser>> {
  const ids = [...new Set(requests.flatMap((r) => ('user_id' in r.recipient ? [r.recipient.user_id] : [])))];
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('notifications.users')
    .select(['id', 'email', 'first_name', 'locale', 'status', 'deleted'])
    .where('id', 'in', ids)
    .execute();
  return new Map(rows.map((u) => [u.id, u]));
}

/** The delivery each of `userIds` chose for `categories` (only those who chose), in one statement. */
async function choicesOf(
  db: TDb,
  userIds: readonly string[],
  categories: readonly TNotificationCategory[],
): Promise<Map<string, TNotificationDelivery>> {
  if (userIds.length === 0 || categories.length === 0) return new Map();
  const rows = await db
    .selectFrom('notifications.preferences')
    .select(['user_id', 'category', 'delivery'])
    .where('user_id', 'in', [...new Set(userIds)])
    .where('category', 'in', [...new Set(categories)])
    .execute();
  return new Map(rows.map((r) => [`${r.user_id}|${r.category}`, r.delivery]));
}

/** Whether the person wants this category by mail now (account and signing mail always). */
function wantsMail(
  choices: ReadonlyMap<string, TNotificationDelivery>,
  userId: string | null,
  category: TNotificationCategory | null,
): boolean {
  if (!userId || !category || !deliveryChangeable(category)) return true;
  return (choices.get(`${userId}|${category}`) ?? DEFAULT_DELIVERY) === 'email';
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
  // Identity's account mails come in the recipient's language already (their code is opened apart).
  if ('code_sealed' in request) return request.vars;
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

/** The answer to one mail request: `notifications.mail.delivered` or `failed` to its service. */
export interface TMailAnswer {
  deliveryId: string;
  service: TMailRequestingService;
  outcome: { status: 'delivered' } | { status: 'failed'; reason: TMailFailureReason };
}

/** Answers the requesting services (one outbox write for all), in the caller's transaction. */
export async function answerMailRequests(
  db: TDb,
  tenant: string,
  answers: readonly TMailAnswer[],
): Promise<void> {
  await writeEvents(
    db,
    SCHEMA,
    answers.map(({ deliveryId, service, outcome }) =>
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
    ),
  );
}

/** Answers one requesting service (`notifications.mail.delivered` / `failed`), in the caller's transaction. */
export const answerMailRequest = (
  db: TDb,
  tenant: string,
  deliveryId: string,
  service: TMailRequestingService,
  outcome: TMailAnswer['outcome'],
): Promise<void> => answerMailRequests(db, tenant, [{ deliveryId, service, outcome }]);

/**
 * Mail other services requested (`<service>.mail.requested`), in order: finds each recipient (a user from
 * the read model, or the request's address), honours the person's preference for its category, opens
 * the sealed link (it must lead to the tenant's own site), renders it in the recipient's language with
 * the tenant's template of the kind (or the shipped default) and queues them (`enqueue`, all at once; the
 * job id is the delivery id, so a repeated request queues nothing new). A request that cannot be sent is
 * answered `failed` with its reason at once; a queued one when the worker is done. The users, their
 * choices and the tenant's templates are read once for all the requests (a bulk message's 2,000 come
 * in batches of 100: docs/benchmarks.md).
 */
export async function queueRequestedMails(
  ctx: TCtx,
  requests: readonly { service: TMailRequestingService; request: TMailRequested }[],
  enqueue: (jobs: TMailJob[]) => Promise<void>,
): Promise<void> {
  const users = await usersOf(
    ctx.db,
    requests.map((r) => r.request),
  );
  const recipients = requests.map(({ request }) => recipientOf(users, request.recipient));
  const choices = await choicesOf(
    ctx.db,
    recipients.flatMap((r) => (typeof r !== 'string' && r.userId ? [r.userId] : [])),
    requests.flatMap(({ request }) => CATEGORY[request.template] ?? []),
  );
  const templates = new Map<string, Promise<TTemplate | undefined>>();
  const templateOf = (lang: TLanguage, kind: TMailRequested['template']) => {
    const key = `${lang}|${kind}`;
    if (!templates.has(key)) templates.set(key, sendingTemplate(ctx.db, lang, kind));
    return templates.get(key)!;
  };
  const jobs: TMailJob[] = [];
  for (const [i, { service, request }] of requests.entries()) {
    const fail = (reason: TMailFailureReason) =>
      answerMailRequest(ctx.db, ctx.tenant.id, request.delivery_id, service, { status: 'failed', reason });
    const recipient = recipients[i]!;
    if (typeof recipient === 'string') {
      await fail(recipient);
      continue;
    }
    if (!wantsMail(choices, recipient.userId, CATEGORY[request.template] ?? null)) {
      await fail('not_wanted');
      continue;
    }
    const link =
      request.link_sealed === null
        ? publicUrl(ctx.config, ctx.tenant.id)
        : openLink(ctx.config, request.link_sealed);
    // Identity's account links were checked against its redirect allow-list before it requested them;
    // an account mail from any other service is refused.
    const account = 'code_sealed' in request;
    if (!link || (account ? service !== 'identity' : !ownSite(ctx, link))) {
      await fail('unreadable_link');
      continue;
    }
    // A passwordless sign-in code travels sealed like the link's token.
    const code =
      account && request.code_sealed !== null ? openLink(ctx.config, request.code_sealed) : undefined;
    if (code === null) {
      await fail('unreadable_link');
      continue;
    }
    // The tenant's own template of the kind when it has one (its variables were checked when saved).
    const rendered = renderMail(
      recipient.lang,
      request.template,
      {
        appName: getTenant(ctx.tenant.id)?.appName ?? 'Stageplein',
        name: recipient.name,
        link,
        ...varsOf(request, recipient.lang),
        ...(code === undefined ? {} : { code }),
      },
      await templateOf(recipient.lang, request.template),
    );
    jobs.push({
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
  if (jobs.length > 0) await enqueue(jobs);
}
