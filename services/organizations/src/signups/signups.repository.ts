import { sql, type Insertable, type Selectable } from 'kysely';
import type { TDb } from '../shared/request.ts';
import type { TSignupsTable } from './signups.table.ts';

export type TSignupRow = Selectable<TSignupsTable>;

export async function insertSignup(db: TDb, row: Insertable<TSignupsTable>): Promise<void> {
  await db.insertInto('organizations.signups').values(row).execute();
}

export async function signupsOf(
  db: TDb,
  organizationIds: readonly string[],
): Promise<Map<string, TSignupRow>> {
  if (organizationIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('organizations.signups')
    .selectAll()
    .where('organization_id', 'in', [...organizationIds])
    .execute();
  return new Map(rows.map((r) => [r.organization_id, r]));
}

/** A signup by this applicant whose organization is still pending or approved (a duplicate). */
export function findLiveSignupByEmail(db: TDb, email: string) {
  return db
    .selectFrom('organizations.signups as s')
    .innerJoin('organizations.organizations as o', 'o.id', 's.organization_id')
    .select(['s.organization_id'])
    .where(sql<string>`lower(s.admin_email)`, '=', email.trim().toLowerCase())
    .where('o.status', 'in', ['pending', 'approved'])
    .executeTakeFirst();
}
