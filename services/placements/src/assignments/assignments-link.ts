import {
  ASSIGNMENT_LINK_ACTION,
  ASSIGNMENT_LINK_SUBJECT,
  ASSIGNMENTS_SUPERVISOR_PATH,
  linkExpiry,
} from '@stageplein/contracts/placements/assignment-policy';
import type { TLinkActor } from '@stageplein/kit/external-links/external-links.guard';
import { ApiError } from '@stageplein/kit/errors/api-error';
import type { TChangeActor, TUseCaseCtx } from '../shared/request.ts';
import { linkedSubjectId, mailSupervisorLinks } from '../shared/supervisor-links.ts';

/** The link's subject: the supervisor within the tenant, by their lower-cased address. */
export const supervisorSubject = (key: string) => ({ type: ASSIGNMENT_LINK_SUBJECT, id: key });

export interface TSupervisorMail {
  key: string;
  name: string | null;
  /** The students whose open assignments the link opens (for the mail's text). */
  students: readonly string[];
  /** The school that asks (the mail's sender line). */
  schoolName: string | null;
  /** The latest due date among the open tasks: the link lives at least a week past it. */
  dueOn: string;
}

const list = (names: readonly string[], and: string) =>
  names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} ${and} ${names.at(-1)}`;

/**
 * Issues the supervisor's one link (kit's external links: hashed, scoped to the supervisor and
 * `complete_assignments`, multi-use, expiring; the live one to them is revoked, `reissued`) and requests
 * its mail in the same transaction. The token exists only in the sealed mail.
 */
export async function mailSupervisorLink(
  ctx: TUseCaseCtx,
  actor: TChangeActor,
  supervisor: TSupervisorMail,
): Promise<{ expiresAt: Date }> {
  const subject = supervisorSubject(supervisor.key);
  const students = [...new Set(supervisor.students)];
  const school = supervisor.schoolName;
  return mailSupervisorLinks(ctx, actor, {
    subjects: [subject],
    action: ASSIGNMENT_LINK_ACTION,
    recipient: { email: supervisor.key, name: supervisor.name },
    expiresAt: linkExpiry(ctx.now, supervisor.dueOn),
    reference: subject,
    url: (site, [token]) => `${site}${ASSIGNMENTS_SUPERVISOR_PATH}#${token}`,
    vars: {
      purpose: {
        nl: `Opdrachten voor ${list(students, 'en')}`,
        en: `Assignments for ${list(students, 'and')}`,
      },
      details: {
        nl: `${school ?? 'De school'} vraagt u als praktijkbegeleider een of meer opdrachten in te vullen. Met deze link ziet u alle openstaande opdrachten van uw stagiairs en vult u ze in, zonder account. Een eerder verstuurde link werkt niet meer.`,
        en: `${school ?? 'The school'} asks you, as workplace supervisor, to complete one or more assignments. With this link you see all open assignments of your interns and complete them, without an account. A link sent earlier no longer works.`,
      },
    },
  });
}

/** The supervisor a request's link is for; a link about anything else is refused like an unknown one. */
export function supervisorOfLink(link: TLinkActor): string {
  const key = linkedSubjectId(link, ASSIGNMENT_LINK_SUBJECT, ASSIGNMENT_LINK_ACTION);
  if (!key) throw new ApiError('link_invalid');
  return key;
}
