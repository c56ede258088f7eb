import type { Selectable } from 'kysely';
import type { TEventPayload } from '@stageplein/contracts/events/payloads';
import type { TOrganizationType, TRoleName } from '@stageplein/contracts/identity/roles';
import type { TDb } from '../database.ts';
import type { TRolesTable } from './roles.table.ts';

export type TRoleRow = Selectable<TRolesTable>;

/** The payload of identity.role.added and identity.role.removed for a role row. */
export const roleEventData = (row: TRoleRow): TEventPayload<'identity.role.added'> => ({
  user_id: row.user_id,
  role_id: row.id,
  name: row.name,
  resource_type: row.resource_type,
  resource_id: row.resource_id,
});

export function rolesOf(db: TDb, userId: string): Promise<TRoleRow[]> {
  return db
    .selectFrom('identity.roles')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export async function rolesOfUsers(db: TDb, userIds: readonly string[]): Promise<Map<string, TRoleRow[]>> {
  const byUser = new Map<string, TRoleRow[]>(userIds.map((id) => [id, []]));
  if (userIds.length === 0) return byUser;
  const rows = await db
    .selectFrom('identity.roles')
    .selectAll()
    .where('user_id', 'in', [...userIds])
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  for (const row of rows) byUser.get(row.user_id)?.push(row);
  return byUser;
}

/** Adds a role; undefined when the user already has it. */
export function insertRole(
  db: TDb,
  row: {
    tenant_id: string;
    user_id: string;
    name: TRoleName;
    resource_type: TOrganizationType;
    resource_id: string;
    created_at: Date;
  },
) {
  return db
    .insertInto('identity.roles')
    .values(row)
    .onConflict((oc) => oc.columns(['user_id', 'name', 'resource_id']).doNothing())
    .returningAll()
    .executeTakeFirst();
}

export function deleteRole(db: TDb, userId: string, name: TRoleName, resourceId: string) {
  return db
    .deleteFrom('identity.roles')
    .where('user_id', '=', userId)
    .where('name', '=', name)
    .where('resource_id', '=', resourceId)
    .returningAll()
    .executeTakeFirst();
}
