import type { Kysely } from 'kysely';
import {
  HOURS_CONFIRMATION_PATH,
  HOURS_LINK_ACTION,
  HOURS_LINK_DAYS,
} from '@stageplein/contracts/placements/hours';
import {
  consumeExternalLink,
  issueExternalLink,
} from '@stageplein/kit/external-links/external-links.repository';
import type { TLinkActor } from '@stageplein/kit/external-links/external-links.guard';
import { requestMail } from '@stageplein/kit/mail/mail-requests';
import { SCHEMA } from '../database.ts';
import type { TPlacementsConfig } from '../placements.config.ts';
import type { TActor, TCtx } from '../shared/request.ts';
import type { THoursInternship } from './hours-internship.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The tenant's public site (identity mails a link only to it), as identity's `publicUrl` reads it. */
export const siteOf = (config: Pick<TPlacementsConfig, 'PUBLIC_URL_TEMPLATE'>, tenant: string) =>
  config.PUBLIC_URL_TEMPLATE.replaceAll('{tenant}', tenant).replace(/\/$/, '');

/** The link's subject: the internship (one link confirms that internship's hours, nothing else). */
export const hoursLinkSubject = (internshipId: string) => ({ type: 'internship', id: internshipId });

/**
 * Issues the supervisor's link (kit's external links: hashed, scoped to the internship and
 * `confirm_hours`, expiring; any older link to the same address is revoked) and requests the mail in
 * the same transaction. The token exists only in the sealed mail.
 */
export async function issueHoursLink(
  ctx: TCtx & { config: TPlacementsConfig },
  actor: TActor,
  internship: THoursInternship,
  email: string,
): Promise<{ expiresAt: Date }> {
  const db = ctx.db as unknown as Kysely<unknown>;
  const expiresAt = new Date(ctx.now.getTime() + HOURS_LINK_DAYS * DAY_MS);
  const { token } = await issueExternalLink(db, SCHEMA, {
    tenant: ctx.tenant.id,
    subject: hoursLinkSubject(internship.id),
    action: HOURS_LINK_ACTION,
    recipient: email,
    expiresAt,
    singleUse: false,
    createdBy: actor.userId,
    now: ctx.now,
  });
  await requestMail(db, 'placements', ctx.config, {
    tenant: ctx.tenant.id,
    template: 'external_link',
    recipient: { email, name: internship.supervisor_name ?? internship.contact_name, language: 'nl' },
    actor: actor.userId,
    reference: hoursLinkSubject(internship.id),
    now: ctx.now,
    link: `${siteOf(ctx.config, ctx.tenant.id)}${HOURS_CONFIRMATION_PATH}#${token}`,
    vars: {
      purpose: {
        nl: `Bevestig de stage-uren van ${internship.student_name}`,
        en: `Confirm the internship hours of ${internship.student_name}`,
      },
      details: {
        nl: `${internship.student_name} heeft uren geregistreerd bij ${internship.organization_name ?? 'jullie organisatie'}. Met deze link bevestig of wijs je ze af, zonder account.`,
        en: `${internship.student_name} registered hours at ${internship.organization_name ?? 'your organization'}. With this link you confirm or reject them, without an account.`,
      },
      expires_at: expiresAt.toISOString(),
    },
  });
  return { expiresAt };
}

/** The internship a request's link is for; refuses a link about anything else. */
export function internshipOfLink(link: TLinkActor): string | null {
  return link.subject.type === 'internship' && link.action === HOURS_LINK_ACTION ? link.subject.id : null;
}

/** The supervisor acted: the use is logged as `consumed` in the change's transaction. */
export async function consumeHoursLink(ctx: TCtx, link: TLinkActor): Promise<void> {
  await consumeExternalLink(ctx.db as unknown as Kysely<unknown>, SCHEMA, link, link.use);
}
