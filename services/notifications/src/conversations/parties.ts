import { sql, type RawBuilder } from 'kysely';
import type { TParticipantRole } from '@stageplein/contracts/notifications/conversations';
import type { TInternshipParties } from '../pipeline/recipients.repository.ts';
import type { TDb } from '../shared/request.ts';
import './conversations.table.ts';

/**
 * An internship's parties (docs/decisions/conversations.md), from notifications' own read models fed by
 * placements' internship events, organizations' mentorship events and identity's role events: its
 * student, the student's mentors at the school, the school's admins, the organization's contact person and
 * its admins. Nothing is asked of another service.
 */
export type TParty = { id: string; roles: TParticipantRole[] };

/** Whether `userId` is a party of the internship aliased `i` (SQL, for lists and checks). */
export const isPartySql = (userId: string): RawBuilder<boolean> => sql<boolean>`(
  i.student_id = ${userId}
  or i.contact_person_id = ${userId}
  or exists (select 1 from notifications.auth_roles r where r.user_id = ${userId} and r.name = 'admin'
    and (r.resource_id = i.school_id or r.resource_id = i.organization_id))
  or exists (select 1 from notifications.mentorships m where m.mentor_id = ${userId}
    and m.student_id = i.student_id and m.school_id = i.school_id))`;

/** Whether `userId` is the school's staff for the internship aliased `i`: a school admin or the student's mentor. */
export const isStaffSql = (userId: string): RawBuilder<boolean> => sql<boolean>`(
  exists (select 1 from notifications.auth_roles r where r.user_id = ${userId} and r.name = 'admin'
    and r.resource_id = i.school_id)
  or exists (select 1 from notifications.mentorships m where m.mentor_id = ${userId}
    and m.student_id = i.student_id and m.school_id = i.school_id))`;

type TInternship = Pick<
  TInternshipParties,
  'id' | 'student_id' | 'school_id' | 'organization_id' | 'contact_person_id'
>;

/** The parties of each internship, in a few queries whatever their number. */
export async function partiesOf(
  db: TDb,
  internships: readonly TInternship[],
): Promise<Map<string, TParty[]>> {
  const result = new Map<string, TParty[]>();
  if (internships.length === 0) return result;
  const organizations = [
    ...new Set(internships.flatMap((i) => [i.school_id, i.organization_id].filter((o): o is string => !!o))),
  ];
  const students = [...new Set(internships.map((i) => i.student_id))];
  const [admins, mentorships] = await Promise.all([
    db
      .selectFrom('notifications.auth_roles')
      .select(['user_id', 'resource_id'])
      .where('name', '=', 'admin')
      .where('resource_id', 'in', organizations)
      .execute(),
    db
      .selectFrom('notifications.mentorships')
      .select(['mentor_id', 'student_id', 'school_id'])
      .where('student_id', 'in', students)
      .execute(),
  ]);
  for (const i of internships) {
    const parties = new Map<string, Set<TParticipantRole>>();
    const add = (id: string | null, role: TParticipantRole) => {
      if (!id) return;
      const roles = parties.get(id) ?? new Set<TParticipantRole>();
      roles.add(role);
      parties.set(id, roles);
    };
    add(i.student_id, 'student');
    for (const m of mentorships)
      if (m.student_id === i.student_id && m.school_id === i.school_id) add(m.mentor_id, 'mentor');
    for (const a of admins) if (a.resource_id === i.school_id) add(a.user_id, 'school_admin');
    add(i.contact_person_id, 'organization_contact');
    for (const a of admins) if (a.resource_id === i.organization_id) add(a.user_id, 'organization_admin');
    result.set(
      i.id,
      [...parties].map(([id, roles]) => ({ id, roles: [...roles] })),
    );
  }
  return result;
}

/**
 * Who hears of a new message in an internship's thread: the student, the mentors and the organization's
 * contact person (its admins when it has none), and any other party who has opened the thread (a school
 * admin of a school with hundreds of internships hears only of the threads they take part in).
 */
export function toldOf(parties: readonly TParty[], readers: ReadonlySet<string>): TParty[] {
  const hasContact = parties.some((p) => p.roles.includes('organization_contact'));
  return parties.filter(
    (p) =>
      readers.has(p.id) ||
      p.roles.some(
        (r) =>
          r === 'student' ||
          r === 'mentor' ||
          r === 'organization_contact' ||
          (r === 'organization_admin' && !hasContact),
      ),
  );
}
