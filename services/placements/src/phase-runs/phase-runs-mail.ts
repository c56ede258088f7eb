import type { TMailTemplateVars } from '@stageplein/contracts/events/mail';
import type { TPhaseTaskActor } from '@stageplein/contracts/placements/phase-run-policy';
import { requestMails, type TMailRecipientInput } from '@stageplein/kit/mail/mail-requests';
import { publicUrl } from '@stageplein/kit/tenant/public-url';
import type { TDb } from '../database.ts';
import type { TUseCaseCtx } from '../shared/request.ts';
import type { TPhaseTaskRow } from './phase-runs.repository.ts';

/**
 * The mail of a phase task's reminders and escalations (docs/decisions/phases.md "Runtime"), requested
 * through `placements.mail.requested` (kit's mail requests: identity renders it in the recipient's
 * language) in the activity's transaction, so it goes out exactly when the reminder or escalation is
 * recorded, once. A reminder goes to the task's actor, an escalation to the mentors (level 1), then the
 * school's admins (level 2). The workplace supervisor's reminder is a fresh link (phase-runs-link.ts).
 */

/** The accounts and addresses that act as `who` for the internship (none: nobody to mail). */
export async function recipientsOf(
  db: TDb,
  internshipId: string,
  who: Exclude<TPhaseTaskActor, 'supervisor'>,
): Promise<TMailRecipientInput[]> {
  const internship = await db
    .selectFrom('placements.internships')
    .select(['student_id', 'school_id', 'contact_person_id', 'contact_email', 'contact_name'])
    .where('id', '=', internshipId)
    .executeTakeFirst();
  if (!internship) return [];
  const users = (ids: readonly string[]) => [...new Set(ids)].sort().map((userId) => ({ userId }));
  switch (who) {
    case 'student':
      return users([internship.student_id]);
    case 'mentor': {
      const rows = await db
        .selectFrom('placements.mentorships')
        .select('mentor_id')
        .where('student_id', '=', internship.student_id)
        .where('school_id', '=', internship.school_id)
        .where('removed', '=', false)
        .execute();
      return users(rows.map((r) => r.mentor_id));
    }
    case 'school_admin': {
      const rows = await db
        .selectFrom('placements.auth_roles as r')
        // Identity addresses the mail; a user placements knows as deleted is left out.
        .leftJoin('placements.users as u', 'u.id', 'r.user_id')
        .select('r.user_id')
        .where('r.name', '=', 'admin')
        .where('r.resource_id', '=', internship.school_id)
        .where((eb) => eb.or([eb('u.deleted', 'is', null), eb('u.deleted', '=', false)]))
        .execute();
      return users(rows.map((r) => r.user_id));
    }
    case 'organization_contact':
      if (internship.contact_person_id) return users([internship.contact_person_id]);
      return internship.contact_email
        ? [{ email: internship.contact_email, name: internship.contact_name, language: 'nl' }]
        : [];
  }
}

const day = (at: Date, locale: string) =>
  at.toLocaleDateString(locale, {
    timeZone: 'Europe/Amsterdam',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });

interface TTaskFacts {
  task: TPhaseTaskRow;
  studentName: string;
  phaseName: { nl: string; en: string };
}

const ACTOR_NAMES: Record<TPhaseTaskActor, { nl: string; en: string }> = {
  student: { nl: 'de leerling', en: 'the student' },
  mentor: { nl: 'de mentor', en: 'the mentor' },
  school_admin: { nl: 'de schoolbeheerder', en: 'the school admin' },
  organization_contact: { nl: 'de contactpersoon van het stagebedrijf', en: "the company's contact person" },
  supervisor: { nl: 'de praktijkbegeleider', en: 'the workplace supervisor' },
};

/** The reminder's texts: which task of whose internship, in which phase, due when. */
export function reminderTexts({ task, studentName, phaseName }: TTaskFacts): TMailTemplateVars<'reminder'> {
  const due = task.due_at
    ? { nl: ` uiterlijk ${day(task.due_at, 'nl-NL')}`, en: ` by ${day(task.due_at, 'en-GB')}` }
    : { nl: '', en: '' };
  return {
    subject: { nl: `Herinnering: ${task.title.nl}`, en: `Reminder: ${task.title.en || task.title.nl}` },
    body: {
      nl: `De stage van ${studentName} staat in de fase "${phaseName.nl}". De taak "${task.title.nl}" staat nog open en moet${due.nl} af.`,
      en: `The internship of ${studentName} is in the phase "${phaseName.en || phaseName.nl}". The task "${task.title.en || task.title.nl}" is still open and is due${due.en}.`,
    },
  };
}

/** The escalation's texts: the task is overdue, and the recipient may now act on it. */
export function escalationTexts(
  { task, studentName, phaseName }: TTaskFacts,
  level: 1 | 2,
): TMailTemplateVars<'reminder'> {
  const actor = ACTOR_NAMES[task.actor];
  const due = task.due_at ? { nl: day(task.due_at, 'nl-NL'), en: day(task.due_at, 'en-GB') } : null;
  const to = level === 1 ? { nl: 'mentor', en: 'mentor' } : { nl: 'schoolbeheerder', en: 'school admin' };
  return {
    subject: {
      nl: `Te laat: ${task.title.nl} (${studentName})`,
      en: `Overdue: ${task.title.en || task.title.nl} (${studentName})`,
    },
    body: {
      nl: `De taak "${task.title.nl}" van ${actor.nl} in de fase "${phaseName.nl}" van de stage van ${studentName} is niet op tijd gedaan${due ? ` (uiterlijk ${due.nl})` : ''}. Als ${to.nl} kun je de betrokkene aanspreken of de taak zelf afronden.`,
      en: `The task "${task.title.en || task.title.nl}" of ${actor.en} in the phase "${phaseName.en || phaseName.nl}" of ${studentName}'s internship was not done in time${due ? ` (due ${due.en})` : ''}. As ${to.en} you can follow it up or complete the task yourself.`,
    },
  };
}

/** What a task's mail says of its internship and phase. */
export async function taskFacts(db: TDb, task: TPhaseTaskRow): Promise<TTaskFacts> {
  const row = await db
    .selectFrom('placements.internship_phases as p')
    .innerJoin('placements.internships as i', 'i.id', 'p.internship_id')
    .leftJoin('placements.users as s', 's.id', 'i.student_id')
    .select(['p.name', 's.first_name', 's.last_name'])
    .where('p.id', '=', task.internship_phase_id)
    .executeTakeFirstOrThrow();
  const studentName = [row.first_name, row.last_name].filter(Boolean).join(' ') || '—';
  return { task, studentName, phaseName: row.name };
}

/** Requests one reminder-template mail per recipient (nothing when there is none), linking the internship's page. */
export async function mailTask(
  ctx: TUseCaseCtx,
  task: TPhaseTaskRow,
  recipients: readonly TMailRecipientInput[],
  vars: TMailTemplateVars<'reminder'>,
): Promise<number> {
  const link = `${publicUrl(ctx.config, ctx.tenant.id)}/internships/${task.internship_id}`;
  await requestMails(
    ctx.db,
    'placements',
    ctx.config,
    recipients.map((recipient) => ({
      tenant: ctx.tenant.id,
      template: 'reminder' as const,
      recipient,
      actor: null,
      reference: { type: 'phase_task', id: task.id },
      now: ctx.now,
      vars,
      link,
    })),
  );
  return recipients.length;
}
