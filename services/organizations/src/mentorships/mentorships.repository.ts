import type { Insertable, Selectable } from 'kysely';
import type { TDb } from '../shared/request.ts';
import type { TMentorshipsTable } from './mentorships.table.ts';

export type TMentorshipRow = Selectable<TMentorshipsTable>;

export interface TMentorshipFilter {
  schoolId: string;
  mentorId?: string | undefined;
  studentId?: string | undefined;
  /** Narrowing for mentors and students: only rows where they are mentor or student. */
  involving?: string | undefined;
}

export function listMentorships(db: TDb, f: TMentorshipFilter) {
  return db
    .selectFrom('organizations.mentorships')
    .selectAll()
    .where('school_id', '=', f.schoolId)
    .$if(!!f.mentorId, (q) => q.where('mentor_id', '=', f.mentorId!))
    .$if(!!f.studentId, (q) => q.where('student_id', '=', f.studentId!))
    .$if(!!f.involving, (q) =>
      q.where((eb) => eb.or([eb('mentor_id', '=', f.involving!), eb('student_id', '=', f.involving!)])),
    )
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export function findMentorship(db: TDb, id: string) {
  return db.selectFrom('organizations.mentorships').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Undefined when the pair already exists. */
export function insertMentorship(db: TDb, row: Insertable<TMentorshipsTable>) {
  return db
    .insertInto('organizations.mentorships')
    .values(row)
    .onConflict((oc) => oc.columns(['school_id', 'mentor_id', 'student_id']).doNothing())
    .returningAll()
    .executeTakeFirst();
}

export function deleteMentorship(db: TDb, id: string) {
  return db.deleteFrom('organizations.mentorships').where('id', '=', id).execute();
}
