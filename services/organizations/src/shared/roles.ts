import { sql } from 'kysely';
import type { TRoleName } from '@stageplein/contracts/identity/roles';
import type { TDb } from './request.ts';

/**
 * Whether a user holds a role on an organization, from the auth read model that identity's role
 * events keep current (`<schema>.auth_roles`, kit/auth/auth-read-model.ts): users live in identity.
 */
export async function hasRoleAt(
  db: TDb,
  userId: string,
  name: TRoleName,
  organizationId: string,
): Promise<boolean> {
  const { rows } = await sql<{ found: boolean }>`
    select exists (select 1 from organizations.auth_roles
      where user_id = ${userId} and name = ${name} and resource_id = ${organizationId}) as found`.execute(db);
  return rows[0]?.found === true;
}
