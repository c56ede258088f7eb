import { sql, type Selectable } from 'kysely';
import type { TDb } from '../database.ts';
import type { TOrganizationsTable } from './organizations.table.ts';

export type TOrganizationRow = Selectable<TOrganizationsTable>;

/**
 * Applies one event's snapshot of an organization, unless a newer event was applied already (events
 * of one organization normally arrive in order; this keeps a late redelivery from going back).
 */
export async function applyOrganizationSnapshot(
  db: TDb,
  row: Omit<TOrganizationRow, 'deleted'> & { deleted?: boolean },
): Promise<void> {
  await db
    .insertInto('identity.organizations')
    .values({ ...row, deleted: row.deleted ?? false })
    .onConflict((oc) =>
      oc
        .column('id')
        .doUpdateSet({
          organization_type: (eb) => eb.ref('excluded.organization_type'),
          name: (eb) => eb.ref('excluded.name'),
          status: (eb) => eb.ref('excluded.status'),
          deleted: (eb) => eb.ref('excluded.deleted'),
          event_time: (eb) => eb.ref('excluded.event_time'),
        })
        .where(sql<boolean>`identity.organizations.event_time <= excluded.event_time`),
    )
    .execute();
}

/** The known (not deleted) organizations among `ids`, by id. */
export async function organizationsByIds(
  db: TDb,
  ids: readonly string[],
): Promise<Map<string, TOrganizationRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('identity.organizations')
    .selectAll()
    .where('id', 'in', [...new Set(ids)])
    .where('deleted', '=', false)
    .execute();
  return new Map(rows.map((r) => [r.id, r]));
}

/** The known organizations a user has a role on, by id (one statement, next to the user's own reads). */
export async function organizationsOfUser(db: TDb, userId: string): Promise<Map<string, TOrganizationRow>> {
  const rows = await db
    .selectFrom('identity.organizations as o')
    .selectAll('o')
    .where('o.deleted', '=', false)
    .where('o.id', 'in', (eb) =>
      eb.selectFrom('identity.roles').select('resource_id').where('user_id', '=', userId),
    )
    .execute();
  return new Map(rows.map((r) => [r.id, r]));
}
