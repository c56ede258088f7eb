import { sql, type Insertable, type Selectable } from 'kysely';
import type { TRosterMentor } from '@stageplein/contracts/imports/student-import';
import type { TDb } from '../database.ts';
import type { TMentorshipsTable } from '../mentorships/mentorships.table.ts';

export type TMentorshipRow = Selectable<TMentorshipsTable>;

/** Replaces the mentors an import's roster names (a retried `prepare` starts clean). */
export async function replaceImportMentors(
  db: TDb,
  ref: { tenant: string; importId: string },
  mentors: readonly TRosterMentor[],
) {
  await db.deleteFrom('organizations.import_mentors').where('import_id', '=', ref.importId).execute();
  if (!mentors.length) return;
  await sql`insert into organizations.import_mentors (import_id, tenant_id, email, name)
    select ${ref.importId}::uuid, ${ref.tenant}, v.* from unnest(${mentors.map((m) => m.email)}::text[],
      ${mentors.map((m) => m.name)}::text[]) as v`.execute(db);
}

export function importMentorsOf(db: TDb, importId: string) {
  return db
    .selectFrom('organizations.import_mentors')
    .select(['email', 'name'])
    .where('import_id', '=', importId)
    .orderBy('email')
    .execute();
}

/** The school's roster mentors' accounts: address → user id. */
export async function rosterMentorsOf(db: TDb, schoolId: string) {
  const rows = await db
    .selectFrom('organizations.roster_mentors')
    .select(['email', 'mentor_id'])
    .where('school_id', '=', schoolId)
    .execute();
  return new Map(rows.map((r) => [r.email, r.mentor_id]));
}

export async function upsertRosterMentors(
  db: TDb,
  rows: readonly {
    tenant_id: string;
    school_id: string;
    email: string;
    mentor_id: string;
    created_at: Date;
  }[],
) {
  if (!rows.length) return;
  await db
    .insertInto('organizations.roster_mentors')
    .values([...rows])
    .onConflict((oc) =>
      oc.columns(['school_id', 'email']).doUpdateSet({ mentor_id: (eb) => eb.ref('excluded.mentor_id') }),
    )
    .execute();
}

/** A mentor's account went (role or account removed): the next sync resolves their address again. */
export function forgetRosterMentor(db: TDb, mentorId: string, schoolId?: string) {
  return db
    .deleteFrom('organizations.roster_mentors')
    .where('mentor_id', '=', mentorId)
    .$if(!!schoolId, (q) => q.where('school_id', '=', schoolId!))
    .execute();
}

/** The import's students as the roster named them (applied, unchanged or left), with their mentors' addresses. */
export function rosterStudentsOf(db: TDb, importId: string) {
  return db
    .selectFrom('organizations.import_rows')
    .select(['user_id', 'mentor', 'status'])
    .where('import_id', '=', importId)
    .where('user_id', 'is not', null)
    .where('status', 'in', ['created', 'updated', 'unchanged', 'left'])
    .execute();
}

/** Every mentorship of the school (by hand or from the roster). */
export function mentorshipsOfSchool(db: TDb, schoolId: string) {
  return db.selectFrom('organizations.mentorships').selectAll().where('school_id', '=', schoolId).execute();
}

export function insertMentorships(db: TDb, rows: readonly Insertable<TMentorshipsTable>[]) {
  if (!rows.length) return Promise.resolve([]);
  return db
    .insertInto('organizations.mentorships')
    .values([...rows])
    .onConflict((oc) => oc.columns(['school_id', 'mentor_id', 'student_id']).doNothing())
    .returningAll()
    .execute();
}

export function deleteMentorships(db: TDb, ids: readonly string[]) {
  if (!ids.length) return Promise.resolve([]);
  return db
    .deleteFrom('organizations.mentorships')
    .where('id', '=', sql<string>`any(${[...ids]}::uuid[])`)
    .returningAll()
    .execute();
}

/** Adds the sync's mentor counts to the import's (a retried step that changed nothing adds nothing). */
export async function addMentorCounts(
  db: TDb,
  importId: string,
  counts: { created: number; added: number; removed: number },
) {
  if (!counts.created && !counts.added && !counts.removed) return;
  await db
    .updateTable('organizations.imports')
    .set((eb) => ({
      mentors_created: eb('mentors_created', '+', counts.created),
      mentor_links_added: eb('mentor_links_added', '+', counts.added),
      mentor_links_removed: eb('mentor_links_removed', '+', counts.removed),
    }))
    .where('id', '=', importId)
    .execute();
}
