import { HOURS_OPEN_STATUSES, type THoursRelation } from '@stageplein/contracts/placements/hours-policy';
import type { TInternshipStatus } from '@stageplein/contracts/placements/internships';
import { partiesOf } from '@stageplein/contracts/placements/internship-policy';
import type { TDb } from '../database.ts';
import type { TCaller } from '../shared/caller.ts';
import { ApiError, notFound, unauthorized } from '@stageplein/kit/errors/api-error';
import type { TLinkActor } from '@stageplein/kit/external-links/external-links.guard';
import { assertLinkCurrent, isSupervisorApproved, supervisorOf } from '../internships/index.ts';
import { linkedSubjectId } from '../shared/supervisor-links.ts';
import { sameMailbox } from '@stageplein/contracts/placements/organization-contacts';

/** The internship as the hours sheet needs it: its own columns, names from the read models, the period's default. */
export interface THoursInternship {
  id: string;
  student_id: string;
  school_id: string;
  organization_id: string | null;
  internship_period_id: string | null;
  status: TInternshipStatus;
  self_found: boolean;
  title: string;
  start_date: string | null;
  end_date: string | null;
  hours: number | null;
  hours_supervisor: number | null;
  updating_hours_allowed: boolean;
  contact_name: string | null;
  contact_email: string | null;
  student_name: string;
  organization_name: string | null;
  school_name: string | null;
  internship_period_name: string | null;
  period_default_hours: number | null;
  /** The period's dates: the behind rule's window where the internship has none of its own. */
  period: { start_date: string; end_date: string } | null;
  supervisor_name: string | null;
  /** Where links go (`supervisorAddress`: the account's, the named supervisor's, else the contact's). */
  supervisor_email: string | null;
  /** The school approved that address and it is not the student's: links may go out (issue #31). */
  supervisor_approved: boolean;
}

const fullName = (first: string | null, last: string | null) => [first, last].filter(Boolean).join(' ');

export async function findHoursInternship(
  db: TDb,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<THoursInternship | undefined> {
  let q = db
    .selectFrom('placements.internships as i')
    .leftJoin('placements.users as s', 's.id', 'i.student_id')
    .leftJoin('placements.users as sup', 'sup.id', 'i.supervisor_id')
    .leftJoin('placements.organizations as o', 'o.id', 'i.organization_id')
    .leftJoin('placements.organizations as sch', 'sch.id', 'i.school_id')
    .leftJoin('placements.internship_periods as p', 'p.id', 'i.internship_period_id')
    .leftJoin('placements.hours_period_defaults as d', 'd.internship_period_id', 'i.internship_period_id')
    .select([
      'i.id',
      'i.student_id',
      'i.school_id',
      'i.organization_id',
      'i.internship_period_id',
      'i.status',
      'i.self_found',
      'i.title',
      'i.start_date',
      'i.end_date',
      'i.hours',
      'i.hours_supervisor',
      'i.updating_hours_allowed',
      'i.contact_name',
      'i.contact_email',
      'i.supervisor_name as named_supervisor_name',
      'i.supervisor_email as named_supervisor_email',
      'i.supervisor_approved_email',
      'i.organization_name as own_organization_name',
      's.email as student_email',
      's.first_name as student_first',
      's.last_name as student_last',
      'sup.first_name as supervisor_first',
      'sup.last_name as supervisor_last',
      'sup.email as supervisor_email',
      'sup.deleted as supervisor_deleted',
      'o.name as organization_name',
      'sch.name as school_name',
      'p.name as internship_period_name',
      'd.required_hours as period_default_hours',
      'p.start_date as period_start_date',
      'p.end_date as period_end_date',
    ])
    .where('i.id', '=', id);
  if (options.forUpdate) q = q.forUpdate('i');
  const row = await q.executeTakeFirst();
  if (!row) return undefined;
  const { address, name: supervisorName } = supervisorOf({
    account: row.supervisor_deleted
      ? null
      : { email: row.supervisor_email, first_name: row.supervisor_first, last_name: row.supervisor_last },
    supervisor_email: row.named_supervisor_email,
    supervisor_name: row.named_supervisor_name,
    contact_email: row.contact_email,
    contact_name: row.contact_name,
  });
  return {
    id: row.id,
    student_id: row.student_id,
    school_id: row.school_id,
    organization_id: row.organization_id,
    internship_period_id: row.internship_period_id,
    status: row.status,
    self_found: row.self_found,
    title: row.title,
    start_date: row.start_date,
    end_date: row.end_date,
    hours: row.hours,
    hours_supervisor: row.hours_supervisor,
    updating_hours_allowed: row.updating_hours_allowed,
    contact_name: row.contact_name,
    contact_email: row.contact_email,
    student_name: fullName(row.student_first, row.student_last) || '—',
    organization_name: row.organization_name ?? row.own_organization_name,
    school_name: row.school_name,
    internship_period_name: row.internship_period_name,
    period_default_hours: row.period_default_hours,
    period:
      row.period_start_date && row.period_end_date
        ? { start_date: row.period_start_date, end_date: row.period_end_date }
        : null,
    supervisor_name: supervisorName,
    supervisor_email: address,
    supervisor_approved:
      isSupervisorApproved(address, row.supervisor_approved_email) &&
      !sameMailbox(address, row.student_email),
  };
}

/**
 * The internship a supervisor's link for `action` is about (hours, evaluations): a link about another
 * subject or action is refused like an unknown one (`link_invalid`), one that no longer speaks for the
 * internship (its status ended the purpose, or its supervisor's address changed) as a revoked one.
 */
export async function linkedInternship(
  db: TDb,
  link: TLinkActor,
  action: string,
  options: { forUpdate?: boolean } = {},
): Promise<THoursInternship> {
  const id = linkedSubjectId(link, 'internship', action);
  const internship = id ? await findHoursInternship(db, id, options) : undefined;
  if (!internship) throw new ApiError('link_invalid');
  assertLinkCurrent(link, internship);
  return internship;
}

/**
 * The internship a signed-in caller acts on through its hours sheet or evaluation, and their relation
 * to it: 401 anonymous, 404 when it does not exist or they are no party to it (it is not revealed).
 */
export async function reachInternship(
  db: TDb,
  caller: TCaller,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<{ internship: THoursInternship; relation: THoursRelation }> {
  if (!caller.userId) throw unauthorized();
  const internship = await findHoursInternship(db, id, options);
  if (!internship) throw notFound();
  const relation = await relationTo(db, caller, internship);
  if (!relation) throw notFound();
  return { internship, relation };
}

/** The internship takes new hours (entries, links, confirmations): approved or active. */
export const acceptsHours = (i: Pick<THoursInternship, 'status'>): boolean =>
  HOURS_OPEN_STATUSES.includes(i.status);

/**
 * The caller's relation to the internship, by the internship policy (contracts/src/placements/
 * internship-policy.ts: the current organization decides). The strongest party wins: the student
 * themselves, then the school, then the mentor, then the workplace organization.
 */
export async function relationTo(
  db: TDb,
  caller: TCaller,
  i: THoursInternship,
): Promise<THoursRelation | null> {
  const userId = caller.userId;
  if (!userId) return null;
  const mentorship = await db
    .selectFrom('placements.mentorships')
    .select('id')
    .where('mentor_id', '=', userId)
    .where('student_id', '=', i.student_id)
    .where('school_id', '=', i.school_id)
    .where('removed', '=', false)
    .executeTakeFirst();
  const parties = partiesOf(
    { userId, permissions: caller.permissions, current: caller.current, mentorsStudent: !!mentorship },
    {
      studentId: i.student_id,
      schoolId: i.school_id,
      organizationId: i.organization_id,
      status: i.status,
      selfFound: i.self_found,
    },
  );
  for (const party of ['student', 'school', 'mentor', 'organization'] as const)
    if (parties.includes(party)) return party;
  return null;
}
