import {
  EVALUATION_LINK_ACTION,
  EVALUATION_LINK_DAYS,
  EVALUATION_SUPERVISOR_PATH,
} from '@stageplein/contracts/placements/evaluation-policy';
import {
  consumeExternalLink,
  issueExternalLink,
} from '@stageplein/kit/external-links/external-links.repository';
import type { TLinkActor } from '@stageplein/kit/external-links/external-links.guard';
import { requestMail } from '@stageplein/kit/mail/mail-requests';
import { publicUrl } from '@stageplein/kit/tenant/public-url';
import { SCHEMA } from '../database.ts';
import type { THoursInternship } from '../hours/index.ts';
import type { TPlacementsConfig } from '../placements.config.ts';
import type { TChangeActor, TCtx } from '../shared/request.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The link's subject: the internship (one link fills that internship's supervisor part, nothing else). */
export const evaluationLinkSubject = (internshipId: string) => ({ type: 'internship', id: internshipId });

/**
 * Issues the supervisor's link (kit's external links: hashed, scoped to the internship and
 * `fill_evaluation`, expiring; an older link to the same address is revoked) and requests the mail
 * (`external_link`, sealed in transit) in the same transaction. The token exists only in the mail.
 */
export async function issueEvaluationLink(
  ctx: TCtx & { config: TPlacementsConfig },
  actor: TChangeActor,
  internship: THoursInternship,
  email: string,
): Promise<{ expiresAt: Date }> {
  const db = ctx.db;
  const expiresAt = new Date(ctx.now.getTime() + EVALUATION_LINK_DAYS * DAY_MS);
  const { token } = await issueExternalLink(db, SCHEMA, {
    tenant: ctx.tenant.id,
    subject: evaluationLinkSubject(internship.id),
    action: EVALUATION_LINK_ACTION,
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
    reference: { type: 'evaluation', id: internship.id },
    now: ctx.now,
    link: `${publicUrl(ctx.config, ctx.tenant.id)}${EVALUATION_SUPERVISOR_PATH}#${token}`,
    vars: {
      purpose: {
        nl: `Evalueer de stage van ${internship.student_name}`,
        en: `Evaluate the internship of ${internship.student_name}`,
      },
      details: {
        nl: `De school vraagt u de stage van ${internship.student_name} bij ${internship.organization_name ?? 'uw organisatie'} te beoordelen. Met deze link vult u de evaluatie in, zonder account.`,
        en: `The school asks you to assess the internship of ${internship.student_name} at ${internship.organization_name ?? 'your organization'}. With this link you fill in the evaluation, without an account.`,
      },
      expires_at: expiresAt.toISOString(),
    },
  });
  return { expiresAt };
}

/** The internship a request's link is for; null for a link about anything else. */
export function internshipOfEvaluationLink(link: TLinkActor): string | null {
  return link.subject.type === 'internship' && link.action === EVALUATION_LINK_ACTION
    ? link.subject.id
    : null;
}

/** The supervisor sent their part: the use is logged as `consumed` in the change's transaction. */
export async function consumeEvaluationLink(ctx: TCtx, link: TLinkActor): Promise<void> {
  await consumeExternalLink(ctx.db, SCHEMA, link, link.use);
}
