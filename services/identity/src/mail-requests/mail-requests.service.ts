import type {
  TMailFailureReason,
  TMailRequested,
  TMailRequestingService,
} from '@stageplein/contracts/events/mail';
import type { TLanguage } from '@stageplein/contracts/i18n/index';
import { openLink } from '@stageplein/kit/mail/sealed-link';
import { SYSTEM } from '@stageplein/kit/auth/caller';
import { record } from '../shared/events.ts';
import type { TOutgoingMail } from '../mail/mail.port.ts';
import type { TCtx } from '../shared/request.ts';
import { publicUrl } from '@stageplein/kit/tenant/public-url';
import { isAllowedRedirect } from '../shared/urls.ts';
import { findUserById } from '../users/users.repository.ts';

type TRecipient = { email: string; name: string; lang: TLanguage };

/** The address, name and language to write to; or why there is none. */
async function recipientOf(
  ctx: TCtx,
  recipient: TMailRequested['recipient'],
): Promise<TRecipient | TMailFailureReason> {
  if ('email' in recipient)
    return { email: recipient.email, name: recipient.name || recipient.email, lang: recipient.language };
  const user = await findUserById(ctx.db, recipient.user_id);
  if (!user) return 'unknown_recipient';
  if (user.status === 'inactive' || user.status === 'archived') return 'recipient_inactive';
  return { email: user.email, name: user.first_name ?? user.email, lang: user.locale };
}

/** "23 november 2026 om 18:00" / "23 November 2026 at 18:00", in the product's time zone. */
const dateTime = (lang: TLanguage, iso: string) =>
  new Intl.DateTimeFormat(lang === 'en' ? 'en-GB' : 'nl-NL', {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'Europe/Amsterdam',
  }).format(new Date(iso));

/** The template's placeholders in the recipient's language. */
function varsOf(request: TMailRequested, lang: TLanguage): Omit<TOutgoingMail['vars'], 'name' | 'link'> {
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

/**
 * Sends a mail another service requested (`<service>.mail.requested`) through identity's one mail port,
 * in the recipient's language (a user's own; the request's for an address without an account), and
 * answers `identity.mail.delivered` or `identity.mail.failed` in the same transaction, so the requesting
 * service's status follows exactly what was sent. A sealed link must open and lead to this tenant's
 * site; without one the button leads to the site.
 */
export async function sendRequestedMail(
  ctx: TCtx,
  service: TMailRequestingService,
  request: TMailRequested,
): Promise<void> {
  const answer = (
    outcome:
      { type: 'identity.mail.delivered' } | { type: 'identity.mail.failed'; reason: TMailFailureReason },
  ) =>
    record(
      ctx,
      SYSTEM,
      outcome.type,
      { type: 'mail_delivery', id: request.delivery_id },
      outcome.type === 'identity.mail.failed'
        ? { delivery_id: request.delivery_id, service, reason: outcome.reason }
        : { delivery_id: request.delivery_id, service },
    );
  const recipient = await recipientOf(ctx, request.recipient);
  if (typeof recipient === 'string')
    return void (await answer({ type: 'identity.mail.failed', reason: recipient }));
  const link =
    request.link_sealed === null
      ? publicUrl(ctx.config, ctx.tenant.id)
      : openLink(ctx.config, request.link_sealed);
  if (!link || !isAllowedRedirect(ctx.config, ctx.tenant.id, link))
    return void (await answer({ type: 'identity.mail.failed', reason: 'unreadable_link' }));
  await ctx.mail.send(
    ctx.db,
    ctx.tenant.id,
    {
      kind: request.template,
      to: recipient.email,
      lang: recipient.lang,
      vars: { name: recipient.name, link, ...varsOf(request, recipient.lang) },
    },
    ctx.now,
  );
  await answer({ type: 'identity.mail.delivered' });
}
