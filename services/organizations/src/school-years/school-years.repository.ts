import type { Kysely } from 'kysely';
import type { TOrganizationsDb } from '../database.ts';

export function listSchoolYears(db: Kysely<TOrganizationsDb>) {
  return db
    .selectFrom('organizations.school_years')
    .select(['id', 'name', 'start_date', 'end_date'])
    .orderBy('start_date')
    .execute();
}

export async function insertSchoolYear(
  db: Kysely<TOrganizationsDb>,
  row: { tenant_id: string; name: string; start_date: string; end_date: string },
) {
  return db
    .insertInto('organizations.school_years')
    .values(row)
    .onConflict((oc) => oc.columns(['tenant_id', 'start_date']).doNothing())
    .returning(['id'])
    .executeTakeFirst();
}
