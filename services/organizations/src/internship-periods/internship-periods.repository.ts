import type { Insertable, Selectable, Updateable } from 'kysely';
import type { TJsonApiQuery } from '@stageplein/contracts/jsonapi/jsonapi';
import { applyFiltersAndSort } from '@stageplein/kit/jsonapi/apply-query';
import type { TDb } from '../shared/request.ts';
import type { TInternshipPeriodsTable } from './internship-periods.table.ts';

export type TPeriodRow = Selectable<TInternshipPeriodsTable>;

export const PERIOD_COLUMNS: Record<string, string> = {
  school_id: 'p.school_id',
  school_year_id: 'p.school_year_id',
  status: 'p.status',
  name: 'p.name',
};

export interface TPeriodScope {
  /** School years that count (spec §4: current and next); undefined = every year. */
  yearIds?: readonly string[];
  /** A school user's school: its periods of any status. Otherwise active periods only. */
  schoolId: string | null;
}

/** The periods of spec §4's in-scope rule (the SQL twin of contracts' `inScopePeriods`), plus filters. */
export async function listPeriods(
  db: TDb,
  scope: TPeriodScope,
  query?: TJsonApiQuery,
): Promise<TPeriodRow[]> {
  if (scope.yearIds?.length === 0) return [];
  let q = db.selectFrom('organizations.internship_periods as p').selectAll('p');
  if (scope.yearIds) q = q.where('p.school_year_id', 'in', [...scope.yearIds]);
  q = scope.schoolId ? q.where('p.school_id', '=', scope.schoolId) : q.where('p.status', '=', 'active');
  if (query) q = applyFiltersAndSort(q, { ...query, sort: [] }, PERIOD_COLUMNS);
  return q.execute();
}

export function findPeriod(db: TDb, id: string, forUpdate = false) {
  return db
    .selectFrom('organizations.internship_periods')
    .selectAll()
    .where('id', '=', id)
    .$if(forUpdate, (q) => q.forUpdate())
    .executeTakeFirst();
}

export function insertPeriod(db: TDb, row: Insertable<TInternshipPeriodsTable>) {
  return db
    .insertInto('organizations.internship_periods')
    .values(row)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function updatePeriod(db: TDb, id: string, changes: Updateable<TInternshipPeriodsTable>) {
  return db
    .updateTable('organizations.internship_periods')
    .set(changes)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}
