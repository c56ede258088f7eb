import type { Selectable } from 'kysely';
import type { TLevelsTable } from '../levels/levels.table.ts';
import type { TDb } from '../shared/request.ts';

/** A row of a school catalogue (levels also have a position; tags do not). */
export type TCatalogueRow = Omit<Selectable<TLevelsTable>, 'position'> & { position?: number };

export interface TCatalogueTable {
  /** `organizations.levels` or `organizations.tags`. */
  table: 'organizations.levels' | 'organizations.tags';
  /** Levels are ordered by position; tags by name. */
  ordered: boolean;
}

// The two tables share every column but `position`; Kysely is given the levels table's type and
// `position` is only ever named for an ordered catalogue.
const table = (t: TCatalogueTable) => t.table as 'organizations.levels';

export function listCatalogue(
  db: TDb,
  t: TCatalogueTable,
  schoolId: string | undefined,
): Promise<TCatalogueRow[]> {
  return db
    .selectFrom(table(t))
    .selectAll()
    .$if(!!schoolId, (q) => q.where('school_id', '=', schoolId!))
    .orderBy('school_id')
    .$if(t.ordered, (q) => q.orderBy('position'))
    .orderBy('name')
    .execute();
}

export function findCatalogueRow(
  db: TDb,
  t: TCatalogueTable,
  id: string,
): Promise<TCatalogueRow | undefined> {
  return db.selectFrom(table(t)).selectAll().where('id', '=', id).executeTakeFirst();
}

export function insertCatalogueRow(
  db: TDb,
  t: TCatalogueTable,
  row: {
    tenant_id: string;
    school_id: string;
    name: string;
    position?: number | undefined;
    created_at: Date;
    updated_at: Date;
  },
): Promise<TCatalogueRow> {
  const { position, ...rest } = row;
  return db
    .insertInto(table(t))
    .values(t.ordered ? { ...rest, position: position ?? 0 } : rest)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function updateCatalogueRow(
  db: TDb,
  t: TCatalogueTable,
  id: string,
  changes: { name?: string | undefined; position?: number | undefined; updated_at: Date },
): Promise<TCatalogueRow> {
  const { position, ...rest } = changes;
  return db
    .updateTable(table(t))
    .set(t.ordered && position !== undefined ? { ...rest, position } : rest)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deleteCatalogueRow(db: TDb, t: TCatalogueTable, id: string): Promise<void> {
  await db.deleteFrom(table(t)).where('id', '=', id).execute();
}
