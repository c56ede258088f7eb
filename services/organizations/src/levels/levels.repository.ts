import type { Insertable, Selectable, Updateable } from 'kysely';
import type { TDb } from '../shared/request.ts';
import type { TLevelsTable } from './levels.table.ts';

export type TLevelRow = Selectable<TLevelsTable>;

export function listLevels(db: TDb, schoolId: string | undefined) {
  return db
    .selectFrom('organizations.levels')
    .selectAll()
    .$if(!!schoolId, (q) => q.where('school_id', '=', schoolId!))
    .orderBy('school_id')
    .orderBy('position')
    .orderBy('name')
    .execute();
}

export function findLevel(db: TDb, id: string) {
  return db.selectFrom('organizations.levels').selectAll().where('id', '=', id).executeTakeFirst();
}

export function insertLevel(db: TDb, row: Insertable<TLevelsTable>) {
  return db.insertInto('organizations.levels').values(row).returningAll().executeTakeFirstOrThrow();
}

export function updateLevel(db: TDb, id: string, changes: Updateable<TLevelsTable>) {
  return db
    .updateTable('organizations.levels')
    .set(changes)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function deleteLevel(db: TDb, id: string) {
  return db.deleteFrom('organizations.levels').where('id', '=', id).execute();
}
