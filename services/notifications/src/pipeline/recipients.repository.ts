import type { Selectable } from 'kysely';
import type { TDb } from '../shared/request.ts';
import type { TInternshipsTable, TMentorshipsTable } from './recipients.table.ts';

export type TInternshipParties = Selectable<TInternshipsTable>;

/** Keeps an internship's newest snapshot (an older one arriving late changes nothing). */
export async function upsertInternship(db: TDb, row: TInternshipParties): Promise<void> {
  await db
    .insertInto('notifications.internships')
    .values(row)
    .onConflict((oc) =>
      oc
        .column('id')
        .doUpdateSet((eb) => ({
          student_id: eb.ref('excluded.student_id'),
          school_id: eb.ref('excluded.school_id'),
          organization_id: eb.ref('excluded.organization_id'),
          contact_person_id: eb.ref('excluded.contact_person_id'),
          title: eb.ref('excluded.title'),
          organization_name: eb.ref('excluded.organization_name'),
          status: eb.ref('excluded.status'),
          updated_at: eb.ref('excluded.updated_at'),
        }))
        .whereRef('notifications.internships.updated_at', '<=', 'excluded.updated_at'),
    )
    .execute();
}

export const findInternship = (db: TDb, id: string): Promise<TInternshipParties | undefined> =>
  db.selectFrom('notifications.internships').selectAll().where('id', '=', id).executeTakeFirst();

export const findInternships = async (db: TDb, ids: readonly string[]): Promise<TInternshipParties[]> =>
  ids.length === 0
    ? []
    : db.selectFrom('notifications.internships').selectAll().where('id', 'in', ids).execute();

export async function addMentorship(db: TDb, row: Selectable<TMentorshipsTable>): Promise<void> {
  await db
    .insertInto('notifications.mentorships')
    .values(row)
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

export async function removeMentorship(db: TDb, id: string): Promise<void> {
  await db.deleteFrom('notifications.mentorships').where('id', '=', id).execute();
}

/** The student's mentors at the school. */
export async function mentorsOf(db: TDb, studentId: string, schoolId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('notifications.mentorships')
    .select('mentor_id')
    .where('student_id', '=', studentId)
    .where('school_id', '=', schoolId)
    .execute();
  return rows.map((r) => r.mentor_id);
}

/** The admins of an organization (kit's auth read model: identity's role events). */
export async function adminsOf(db: TDb, organizationId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('notifications.auth_roles')
    .select('user_id')
    .where('resource_id', '=', organizationId)
    .where('name', '=', 'admin')
    .execute();
  return rows.map((r) => r.user_id);
}
