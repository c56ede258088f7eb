import {
  EVALUATION_LINK_ACTION,
  EVALUATION_LINK_DAYS,
  EVALUATION_SUPERVISOR_PATH,
} from '@stageplein/contracts/placements/evaluation-policy';
import type { THoursInternship } from '../hours/index.ts';
import type { TChangeActor, TUseCaseCtx } from '../shared/request.ts';
import { mailSupervisorLinks } from '../shared/supervisor-links.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The link's subject: the internship (one link fills that internship's supervisor part, nothing else). */
export const evaluationLinkSubject = (internshipId: string) => ({ type: 'internship', id: internshipId });

/**
 * Issues the supervisor's link (kit's external links: hashed, scoped to the internship and
 * `fill_evaluation`, expiring; an older link to the same address is revoked) and requests the mail
 * (`external_link`, sealed in transit) in the same transaction. The token exists only in the mail.
 */
export async function issueEvaluationLink(
  ctx: TUseCaseCtx,
  actor: TChangeActor,
  internship: THoursInternship,
  email: string,
): Promise<{ expiresAt: Date }> {
  return mailSupervisorLinks(ctx, actor, {
    subjects: [evaluationLinkSubject(internship.id)],
    action: EVALUATION_LINK_ACTION,
    recipient: { email, name: internship.supervisor_name ?? internship.contact_name },
    expiresAt: new Date(ctx.now.getTime() + EVALUATION_LINK_DAYS * DAY_MS),
    reference: { type: 'evaluation', id: internship.id },
    url: (site, [token]) => `${site}${EVALUATION_SUPERVISOR_PATH}#${token}`,
    vars: {
      purpose: {
        nl: `Evalueer de stage van ${internship.student_name}`,
        en: `Evaluate the internship of ${internship.student_name}`,
      },
      details: {
        nl: `De school vraagt u de stage van ${internship.student_name} bij ${internship.organization_name ?? 'uw organisatie'} te beoordelen. Met deze link vult u de evaluatie in, zonder account.`,
        en: `The school asks you to assess the internship of ${internship.student_name} at ${internship.organization_name ?? 'your organization'}. With this link you fill in the evaluation, without an account.`,
      },
    },
  });
}
