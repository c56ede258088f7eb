import type { Insertable, Selectable, Updateable } from 'kysely';
import type { TDb } from '../shared/request.ts';
import type { TTagsTable } from './tags.table.ts';

export type TTagRow = Selectable<TTagsTable>;

export function listTags(db: TDb, schoolId: string | undefined) {
  return db
    .selectFrom('organizations.tags')
    .selectAll()
    .$if(!!schoolId, (q) => q.where('school_id', '=', schoolId!))
    .orderBy('school_id')
    .orderBy('name')
    .execute();
}

export function findTag(db: TDb, id: string) {
  return db.selectFrom('organizations.tags').selectAll().where('id', '=', id).executeTakeFirst();
}

export function insertTag(db: TDb, row: Insertable<TTagsTable>) {
  return db.insertInto('organizations.tags').values(row).returningAll().executeTakeFirstOrThrow();
}

export function updateTag(db: TDb, id: string, changes: Updateable<TTagsTable>) {
  return db
    .updateTable('organizations.tags')
    .set(changes)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function deleteTag(db: TDb, id: string) {
  return db.deleteFrom('organizations.tags').where('id', '=', id).execute();
}
