import type { Selectable } from 'kysely';
import type { TOrganizationsReadModelTable } from '@stageplein/kit/read-models/organizations-read-model';
import type { TDb } from '../database.ts';

/**
 * An organization as identity knows it: a row of kit's organizations read model (`identity.organizations`,
 * kept by kit's consumer from organizations' events; identity.module.ts), what `include=organizations`
 * shows and the user policies ask (name, type, status).
 */
export type TOrganizationRow = Selectable<TOrganizationsReadModelTable>;

/**
 * Identity's consumer group of kit's organizations read model. Not kit's default name: that was the
 * group of identity's own, retired table (migration 20270202T0900), whose processed events say nothing
 * about the new columns; this group starts empty and the back-fill replays the history into it.
 */
export const ORGANIZATIONS_READ_MODEL_GROUP = 'identity.kit-organizations-read-model';

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
