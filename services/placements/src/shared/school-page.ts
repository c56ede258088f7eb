import { sql, type Selectable } from 'kysely';
import type { TJsonApiQuery } from '@stageplein/contracts/jsonapi/jsonapi';
import type { TDb, TPlacementsDb } from '../database.ts';

/** A school's own list (assignments, bulk messages): any table with the school, a creation time and an id. */
type TSchoolListTable = {
  [T in keyof TPlacementsDb]: TPlacementsDb[T] extends { id: string; school_id: string; created_at: Date }
    ? T
    : never;
}[keyof TPlacementsDb];

/**
 * One page of the school's rows, newest first (ties by id), and how many rows the school has. Plain SQL:
 * the query builder cannot narrow a table name that is a type parameter.
 */
export async function schoolPage<T extends TSchoolListTable>(
  db: TDb,
  table: T,
  schoolId: string,
  page: TJsonApiQuery['page'],
): Promise<{ rows: Selectable<TPlacementsDb[T]>[]; total: number }> {
  const from = sql.table(table);
  const { rows } = await sql<Selectable<TPlacementsDb[T]>>`
    select * from ${from} where school_id = ${schoolId} order by created_at desc, id desc
    limit ${page.size} offset ${(page.number - 1) * page.size}`.execute(db);
  const { rows: counts } = await sql<{ n: string }>`
    select count(*) as n from ${from} where school_id = ${schoolId}`.execute(db);
  return { rows, total: Number(counts[0]?.n ?? 0) };
}
