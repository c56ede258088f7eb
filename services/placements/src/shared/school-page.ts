import type { Kysely, Selectable } from 'kysely';
import type { TJsonApiQuery } from '@stageplein/contracts/jsonapi/jsonapi';
import { applyPage } from '@stageplein/kit/jsonapi/apply-query';
import type { TDb, TPlacementsDb } from '../database.ts';

/** A school's own list (assignments, bulk messages): any table with the school, a creation time and an id. */
type TSchoolListTable = {
  [T in keyof TPlacementsDb]: TPlacementsDb[T] extends { id: string; school_id: string; created_at: Date }
    ? T
    : never;
}[keyof TPlacementsDb];

/** One page of the school's rows, newest first (ties by id), and how many rows the school has. */
export async function schoolPage<T extends TSchoolListTable>(
  db: TDb,
  table: T,
  schoolId: string,
  page: TJsonApiQuery['page'],
): Promise<{ rows: Selectable<TPlacementsDb[T]>[]; total: number }> {
  // Kysely cannot narrow a table name that is a type parameter: query it as the columns every such table has.
  const d = db as unknown as Kysely<{ rows: { id: string; school_id: string; created_at: Date } }>;
  const ofSchool = d.selectFrom(table as unknown as 'rows').where('school_id', '=', schoolId);
  const rows = await applyPage(ofSchool.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc'), {
    page,
  }).execute();
  const { n } = await ofSchool.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  return { rows: rows as unknown as Selectable<TPlacementsDb[T]>[], total: Number(n) };
}
