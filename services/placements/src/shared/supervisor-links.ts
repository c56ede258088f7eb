import type { TMailTemplateVars } from '@stageplein/contracts/events/mail';
import type { TExternalLinkSubject } from '@stageplein/contracts/external-links/external-links';
import type { TLinkActor } from '@stageplein/kit/external-links/external-links.guard';
import {
  consumeExternalLink,
  issueExternalLink,
} from '@stageplein/kit/external-links/external-links.repository';
import { requestMail } from '@stageplein/kit/mail/mail-requests';
import { publicUrl } from '@stageplein/kit/tenant/public-url';
import { SCHEMA } from '../database.ts';
import type { TChangeActor, TCtx, TUseCaseCtx } from './request.ts';

/**
 * The workplace supervisor's links of placements' groups (hours, evaluations, assignments;
 * docs/decisions/external-links.md), on kit's external links: issued and mailed in the change's
 * transaction, read back from the request's link actor, consumed when the supervisor acted. Each group
 * keeps only what is its own: the action, the subject, the page the mail opens and the mail's texts.
 * The routes admit a link by `app.externalLinks.route({ action })` (kit's guard reads the header).
 */

export interface TSupervisorLinksMail {
  /** One link each (hashed, `action`, not single-use, expiring; an older live one to `recipient` is revoked). */
  subjects: readonly TExternalLinkSubject[];
  action: string;
  recipient: { email: string; name: string | null };
  expiresAt: Date;
  /** What the mail is listed under (its deliveries). */
  reference: TExternalLinkSubject;
  /** The page the mail opens: the tenant's public site and the tokens, in the order of `subjects`. */
  url: (site: string, tokens: readonly string[]) => string;
  vars: Omit<TMailTemplateVars<'external_link'>, 'expires_at'>;
}

/**
 * Issues the links and requests the one `external_link` mail that carries them (sealed in transit), in
 * the caller's transaction. The tokens exist only in that mail.
 */
export async function mailSupervisorLinks(
  ctx: TUseCaseCtx,
  actor: TChangeActor,
  mail: TSupervisorLinksMail,
): Promise<{ expiresAt: Date }> {
  const tokens: string[] = [];
  for (const subject of mail.subjects) {
    const { token } = await issueExternalLink(ctx.db, SCHEMA, {
      tenant: ctx.tenant.id,
      subject,
      action: mail.action,
      recipient: mail.recipient.email,
      expiresAt: mail.expiresAt,
      singleUse: false,
      createdBy: actor.userId,
      now: ctx.now,
    });
    tokens.push(token);
  }
  await requestMail(ctx.db, 'placements', ctx.config, {
    tenant: ctx.tenant.id,
    template: 'external_link',
    recipient: { ...mail.recipient, language: 'nl' },
    actor: actor.userId,
    reference: mail.reference,
    now: ctx.now,
    link: mail.url(publicUrl(ctx.config, ctx.tenant.id), tokens),
    vars: { ...mail.vars, expires_at: mail.expiresAt.toISOString() },
  });
  return { expiresAt: mail.expiresAt };
}

/** The id of the link's subject when the link is for `type` and `action`; null for any other link. */
export const linkedSubjectId = (link: TLinkActor, type: string, action: string): string | null =>
  link.subject.type === type && link.action === action ? link.subject.id : null;

/** The supervisor acted: the request's use of the link is logged as `consumed` in the change's transaction. */
export const consumeSupervisorLink = (ctx: TCtx, link: TLinkActor): Promise<void> =>
  consumeExternalLink(ctx.db, SCHEMA, link, link.use);
