import type { Insertable, Selectable, Updateable } from 'kysely';
import type { TDb } from '../../database.ts';
import type { TSelfFoundInternshipsTable } from './self-found.table.ts';

export type TSelfFoundRow = Selectable<TSelfFoundInternshipsTable>;

export async function insertSelfFound(db: TDb, row: Insertable<TSelfFoundInternshipsTable>): Promise<void> {
  await db.insertInto('placements.self_found_internships').values(row).execute();
}

export function findSelfFound(db: TDb, internshipId: string, options: { forUpdate?: boolean } = {}) {
  return db
    .selectFrom('placements.self_found_internships')
    .selectAll()
    .where('internship_id', '=', internshipId)
    .$if(!!options.forUpdate, (q) => q.forUpdate())
    .executeTakeFirst();
}

export async function updateSelfFound(
  db: TDb,
  internshipId: string,
  values: Updateable<TSelfFoundInternshipsTable>,
): Promise<void> {
  await db
    .updateTable('placements.self_found_internships')
    .set(values)
    .where('internship_id', '=', internshipId)
    .execute();
}
