import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { TDb } from '../shared/request.ts';
import type { TGroupMembershipsTable, TGroupsTable } from './groups.table.ts';

export type TGroupRow = Selectable<TGroupsTable> & { students_count: number };
export type TGroupMembershipRow = Selectable<TGroupMembershipsTable>;

const studentsCount = sql<number>`(select count(*)::int from organizations.group_memberships m where m.group_id = g.id)`;

export interface TGroupFilter {
  schoolId: string;
  schoolYearId?: string;
  levelId?: string;
  /** A student sees only their own group. */
  studentId?: string;
}

export function listGroups(db: TDb, filter: TGroupFilter) {
  return db
    .selectFrom('organizations.groups as g')
    .selectAll('g')
    .select(studentsCount.as('students_count'))
    .where('g.school_id', '=', filter.schoolId)
    .$if(!!filter.schoolYearId, (q) => q.where('g.school_year_id', '=', filter.schoolYearId!))
    .$if(!!filter.levelId, (q) => q.where('g.level_id', '=', filter.levelId!))
    .$if(!!filter.studentId, (q) =>
      q.where('g.id', 'in', (eb) =>
        eb
          .selectFrom('organizations.group_memberships')
          .select('group_id')
          .where('student_id', '=', filter.studentId!),
      ),
    )
    .orderBy('g.name')
    .orderBy('g.id')
    .execute() as Promise<TGroupRow[]>;
}

export function findGroup(db: TDb, id: string) {
  return db
    .selectFrom('organizations.groups as g')
    .selectAll('g')
    .select(studentsCount.as('students_count'))
    .where('g.id', '=', id)
    .executeTakeFirst() as Promise<TGroupRow | undefined>;
}

export async function insertGroup(db: TDb, row: Insertable<TGroupsTable>): Promise<TGroupRow> {
  const { id } = await db
    .insertInto('organizations.groups')
    .values(row)
    .returning('id')
    .executeTakeFirstOrThrow();
  return (await findGroup(db, id))!;
}

export async function updateGroup(
  db: TDb,
  id: string,
  changes: Updateable<TGroupsTable>,
): Promise<TGroupRow> {
  await db.updateTable('organizations.groups').set(changes).where('id', '=', id).execute();
  return (await findGroup(db, id))!;
}

export function deleteGroup(db: TDb, id: string) {
  return db.deleteFrom('organizations.groups').where('id', '=', id).execute();
}

export function studentIdsOf(db: TDb, groupId: string) {
  return db
    .selectFrom('organizations.group_memberships')
    .select('student_id')
    .where('group_id', '=', groupId)
    .orderBy('created_at')
    .orderBy('student_id')
    .execute();
}

export function findMembership(db: TDb, schoolId: string, studentId: string) {
  return db
    .selectFrom('organizations.group_memberships')
    .selectAll()
    .where('school_id', '=', schoolId)
    .where('student_id', '=', studentId)
    .executeTakeFirst();
}

export function isMemberOf(db: TDb, groupId: string, studentId: string) {
  return db
    .selectFrom('organizations.group_memberships')
    .select('id')
    .where('group_id', '=', groupId)
    .where('student_id', '=', studentId)
    .executeTakeFirst()
    .then((row) => !!row);
}

/** One group per student per school: assigning moves the student. */
export function upsertMembership(db: TDb, row: Insertable<TGroupMembershipsTable>) {
  return db
    .insertInto('organizations.group_memberships')
    .values(row)
    .onConflict((oc) =>
      oc
        .columns(['school_id', 'student_id'])
        .doUpdateSet({ group_id: row.group_id, created_at: row.created_at }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function deleteMembership(db: TDb, schoolId: string, studentId: string) {
  return db
    .deleteFrom('organizations.group_memberships')
    .where('school_id', '=', schoolId)
    .where('student_id', '=', studentId)
    .returningAll()
    .executeTakeFirst();
}
