import {
  HOURS_LINK_ACTION,
  HOURS_LINK_DAYS,
  HOURS_LINK_TOKENS_PER_MAIL,
  formatHours,
  hoursConfirmationUrl,
} from '@stageplein/contracts/placements/hours';
import type { TChangeActor, TUseCaseCtx } from '../shared/request.ts';
import { mailSupervisorLinks } from '../shared/supervisor-links.ts';
import type { THoursInternship } from './hours-internship.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The link's subject: the internship (one link confirms that internship's hours, nothing else). */
export const hoursLinkSubject = (internshipId: string) => ({ type: 'internship', id: internshipId });

/**
 * Issues the supervisor's links (kit's external links: hashed, one per internship, scoped to it and
 * `confirm_hours`, expiring; an older link of that internship to the same address is revoked) and
 * requests one mail carrying them all (`hoursConfirmationUrl`) in the same transaction. One
 * internship when a person sends the link, several in the daily reminder's digest (at most
 * HOURS_LINK_TOKENS_PER_MAIL; the caller splits). The tokens exist only in the sealed mail.
 */
export async function issueHoursLinks(
  ctx: TUseCaseCtx,
  actor: TChangeActor,
  internships: readonly THoursInternship[],
  email: string,
  /** The hours waiting for the supervisor, per internship (the reason the mail gives). */
  waiting: readonly number[],
): Promise<{ expiresAt: Date }> {
  const first = internships[0];
  if (!first || internships.length > HOURS_LINK_TOKENS_PER_MAIL) throw new Error('1…30 internships per mail');
  return mailSupervisorLinks(ctx, actor, {
    subjects: internships.map((internship) => hoursLinkSubject(internship.id)),
    action: HOURS_LINK_ACTION,
    recipient: { email, name: first.supervisor_name ?? first.contact_name },
    expiresAt: new Date(ctx.now.getTime() + HOURS_LINK_DAYS * DAY_MS),
    // A digest's deliveries are listed under its first internship.
    reference: hoursLinkSubject(first.id),
    url: hoursConfirmationUrl,
    vars: linkMailTexts(internships, waiting),
  });
}

/** The mail's purpose and details in both languages: one student by name, several as a list. */
function linkMailTexts(internships: readonly THoursInternship[], waiting: readonly number[]) {
  const [one] = internships;
  if (internships.length === 1 && one) {
    const hours = waiting[0] ?? 0;
    return {
      purpose: {
        nl: `Bevestig de stage-uren van ${one.student_name}`,
        en: `Confirm the internship hours of ${one.student_name}`,
      },
      details: {
        nl: `${one.student_name} heeft ${formatHours(hours, 'nl')} uur geregistreerd bij ${one.organization_name ?? 'jullie organisatie'} die op je bevestiging wachten. Met deze link bevestig of wijs je ze af, zonder account.`,
        en: `${one.student_name} registered ${formatHours(hours, 'en')} hours at ${one.organization_name ?? 'your organization'} that await your confirmation. With this link you confirm or reject them, without an account.`,
      },
    };
  }
  const names = internships.map((i) => i.student_name).join(', ');
  return {
    purpose: {
      nl: `Bevestig de stage-uren van ${internships.length} studenten`,
      en: `Confirm the internship hours of ${internships.length} students`,
    },
    details: {
      nl: `Deze studenten hebben uren geregistreerd die op je bevestiging wachten: ${names}. Met deze ene link bevestig of wijs je ze af, per student, zonder account.`,
      en: `These students registered hours that await your confirmation: ${names}. With this one link you confirm or reject them, per student, without an account.`,
    },
  };
}
