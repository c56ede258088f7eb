import { supervisorKey } from '@stageplein/contracts/placements/assignment-policy';
import { sameMailbox } from '@stageplein/contracts/placements/organization-contacts';
import {
  completesBySubmission,
  PHASE_TASK_LINK_ACTION,
  PHASE_TASK_LINK_DAYS,
  PHASE_TASK_SUPERVISOR_PATH,
} from '@stageplein/contracts/placements/phase-runs';
import { SYSTEM, type TChangeActor } from '@stageplein/kit/auth/caller';
import { ApiError } from '@stageplein/kit/errors/api-error';
import type { TLinkActor } from '@stageplein/kit/external-links/external-links.guard';
import { revokeExternalLinks } from '@stageplein/kit/external-links/external-links.repository';
import { SCHEMA, type TDb } from '../database.ts';
import { isSupervisorApproved, supervisorOf } from '../internships/index.ts';
import type { TCtx, TUseCaseCtx } from '../shared/request.ts';
import { linkedSubjectId, mailSupervisorLinks } from '../shared/supervisor-links.ts';
import type { TPhaseTaskRow } from './phase-runs.repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

const fullName = (first: string | null, last: string | null) => [first, last].filter(Boolean).join(' ');

/** What a supervisor's link needs of the internship: its status, names and the supervisor (`supervisorOf`). */
export interface TLinkInternship {
  status: string;
  student_name: string;
  organization_name: string | null;
  supervisor_name: string | null;
  /** Where links go now, lower-cased (null: nobody named). */
  supervisor_email: string | null;
  /** The school approved that address and it is not the student's own (docs/decisions/hours.md). */
  supervisor_approved: boolean;
}

export async function linkInternship(db: TDb, internshipId: string): Promise<TLinkInternship | undefined> {
  const row = await db
    .selectFrom('placements.internships as i')
    .leftJoin('placements.users as s', 's.id', 'i.student_id')
    .leftJoin('placements.users as sup', (j) =>
      j.onRef('sup.id', '=', 'i.supervisor_id').on('sup.deleted', '=', false),
    )
    .leftJoin('placements.organizations as o', 'o.id', 'i.organization_id')
    .select([
      'i.status',
      'i.contact_name',
      'i.contact_email',
      'i.supervisor_name',
      'i.supervisor_email',
      'i.supervisor_approved_email',
      'i.organization_name as own_organization_name',
      'o.name as organization_name',
      's.email as student_email',
      's.first_name as student_first',
      's.last_name as student_last',
      'sup.email as account_email',
      'sup.first_name as account_first',
      'sup.last_name as account_last',
    ])
    .where('i.id', '=', internshipId)
    .executeTakeFirst();
  if (!row) return undefined;
  const { address, name } = supervisorOf({
    account: { email: row.account_email, first_name: row.account_first, last_name: row.account_last },
    supervisor_email: row.supervisor_email,
    supervisor_name: row.supervisor_name,
    contact_email: row.contact_email,
    contact_name: row.contact_name,
  });
  return {
    status: row.status,
    student_name: fullName(row.student_first, row.student_last) || '—',
    organization_name: row.organization_name ?? row.own_organization_name,
    supervisor_name: name,
    supervisor_email: address,
    supervisor_approved:
      isSupervisorApproved(address, row.supervisor_approved_email) &&
      !sameMailbox(address, row.student_email),
  };
}

/** The link's subject: one task of an entered phase (`internship_phase_tasks.id`), nothing else. */
export const phaseTaskLinkSubject = (taskId: string) => ({ type: 'phase_task', id: taskId });

/**
 * The workplace supervisor's open tasks of a phase just entered get a link each (kit's external links:
 * hashed, scoped to the task and `complete_phase_task`, expiring after PHASE_TASK_LINK_DAYS), mailed
 * through `placements.mail.requested` in the entering transaction. Only to the address the school
 * approved (docs/decisions/hours.md); without one no link goes out and the task escalates as any other.
 */
export async function mailPhaseTaskLinks(
  ctx: TUseCaseCtx,
  internshipId: string,
  tasks: readonly TPhaseTaskRow[],
  phaseName: { nl: string; en: string },
): Promise<number> {
  // An evaluation or assignment task is done by the evaluation's or the assignment's own link.
  const open = tasks.filter(
    (t) => t.actor === 'supervisor' && t.state === 'open' && !completesBySubmission(t.kind),
  );
  if (open.length === 0) return 0;
  const internship = await linkInternship(ctx.db, internshipId);
  if (!internship?.supervisor_approved || !internship.supervisor_email) return 0;
  for (const task of open) await mailTaskLink(ctx, SYSTEM, internship, task, phaseName);
  return open.length;
}

/** Issues the task's link (an older one to that address is revoked: `reissued`) and mails it. */
async function mailTaskLink(
  ctx: TUseCaseCtx,
  actor: TChangeActor,
  internship: TLinkInternship,
  task: TPhaseTaskRow,
  phaseName: { nl: string; en: string },
) {
  return mailSupervisorLinks(ctx, actor, {
    subjects: [phaseTaskLinkSubject(task.id)],
    action: PHASE_TASK_LINK_ACTION,
    recipient: { email: internship.supervisor_email!, name: internship.supervisor_name },
    expiresAt: new Date(ctx.now.getTime() + PHASE_TASK_LINK_DAYS * DAY_MS),
    reference: phaseTaskLinkSubject(task.id),
    url: (site, [token]) => `${site}${PHASE_TASK_SUPERVISOR_PATH}#${token}`,
    vars: mailTexts(internship, task, phaseName),
  });
}

/**
 * A new link for the supervisor's open task, mailed to the address the school approved; the link sent
 * before stops working (`reissued`). The task's reminders (actor system) and the school's "send again"
 * (`resendSupervisorLink`) use it. Null: no approved address (or the student's own), nothing sent.
 */
export async function reissuePhaseTaskLink(
  ctx: TUseCaseCtx,
  actor: TChangeActor,
  task: TPhaseTaskRow,
): Promise<{ expiresAt: Date; recipient: string } | null> {
  const internship = await linkInternship(ctx.db, task.internship_id);
  if (!internship?.supervisor_approved || !internship.supervisor_email) return null;
  const phase = await ctx.db
    .selectFrom('placements.internship_phases')
    .select('name')
    .where('id', '=', task.internship_phase_id)
    .executeTakeFirstOrThrow();
  const { expiresAt } = await mailTaskLink(ctx, actor, internship, task, phase.name);
  return { expiresAt, recipient: internship.supervisor_email };
}

function mailTexts(internship: TLinkInternship, task: TPhaseTaskRow, phase: { nl: string; en: string }) {
  const at = internship.organization_name;
  return {
    purpose: {
      nl: `Taak voor de stage van ${internship.student_name}: ${task.title.nl}`,
      en: `A task for the internship of ${internship.student_name}: ${task.title.en}`,
    },
    details: {
      nl: `De stage van ${internship.student_name}${at ? ` bij ${at}` : ''} staat in de fase "${phase.nl}". De school vraagt u deze taak af te ronden: ${task.title.nl}. Met deze link doet u dat, zonder account.`,
      en: `The internship of ${internship.student_name}${at ? ` at ${at}` : ''} is in the phase "${phase.en}". The school asks you to complete this task: ${task.title.en}. With this link you do so, without an account.`,
    },
  };
}

/**
 * A task's links stop when its phase is left with the task still open (`subject_closed`). A done task's
 * link keeps showing it as done until it expires (a second completion is `phase_task_completed`).
 */
export const revokePhaseTaskLinks = (ctx: TCtx, taskId: string) =>
  revokeExternalLinks(ctx.db, SCHEMA, {
    subject: phaseTaskLinkSubject(taskId),
    action: PHASE_TASK_LINK_ACTION,
    reason: 'subject_closed',
    now: ctx.now,
  });

/**
 * The task a supervisor's link is about, re-checked as things are now (docs/decisions/external-links.md
 * "When links die"): a link for another action or subject is `link_invalid`; one whose internship is no
 * longer active, or that went to an address the internship no longer names, is `link_revoked`.
 */
export async function linkedPhaseTask(
  ctx: TCtx,
  link: TLinkActor,
): Promise<{ task: TPhaseTaskRow; internship: TLinkInternship }> {
  const id = linkedSubjectId(link, 'phase_task', PHASE_TASK_LINK_ACTION);
  const task = id
    ? await ctx.db
        .selectFrom('placements.internship_phase_tasks')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst()
    : undefined;
  const internship = task ? await linkInternship(ctx.db, task.internship_id) : undefined;
  if (!task || !internship) throw new ApiError('link_invalid');
  if (
    task.actor !== 'supervisor' ||
    internship.status !== 'active' ||
    supervisorKey(internship.supervisor_email) !== link.recipient
  )
    throw new ApiError('link_revoked');
  return { task, internship };
}
