import type { TRoleName } from '@stageplein/contracts/identity/roles';
import {
  mayBeOrganizationContact,
  type TPersonRole,
} from '@stageplein/contracts/placements/organization-contacts';
import { ApiError } from '@stageplein/kit/errors/api-error';
import type { TDb } from '../database.ts';

/**
 * Whom an internship or a vacancy may name as its organization's contact (contracts'
 * `mayBeOrganizationContact`): the check on writing and the pickers' list, one place for both.
 */

/** A person's roles at an organization. */
async function rolesAt(db: TDb, userId: string, organizationId: string): Promise<TPersonRole[]> {
  const rows = await db
    .selectFrom('placements.auth_roles')
    .select(['name', 'resource_id'])
    .where('user_id', '=', userId)
    .where('resource_id', '=', organizationId)
    .execute();
  return rows.map((r) => ({ name: r.name as TRoleName, resourceId: r.resource_id }));
}

/** 422 `person_not_in_organization` at `/data/attributes/{field}` unless the person may be the contact. */
export async function checkOrganizationContact(
  db: TDb,
  personId: string | null | undefined,
  organizationId: string | null,
  field: string,
): Promise<void> {
  if (!personId) return;
  const roles = organizationId ? await rolesAt(db, personId, organizationId) : [];
  if (!mayBeOrganizationContact(roles, organizationId))
    throw new ApiError('person_not_in_organization', {}, { pointer: `/data/attributes/${field}` });
}

/** The known (not deleted) people who may be the organization's contact, with their roles there, by name. */
export async function organizationContacts(db: TDb, organizationId: string) {
  const rows = await db
    .selectFrom('placements.auth_roles as r')
    .innerJoin('placements.users as u', 'u.id', 'r.user_id')
    .select(['u.id', 'u.first_name', 'u.last_name', 'u.email', 'r.name', 'r.resource_id'])
    .where('r.resource_id', '=', organizationId)
    .where('u.deleted', '=', false)
    .orderBy('u.last_name')
    .orderBy('u.first_name')
    .orderBy('u.id')
    .execute();
  const people = new Map<
    string,
    { id: string; first_name: string | null; last_name: string | null; email: string; roles: TPersonRole[] }
  >();
  for (const r of rows) {
    const person = people.get(r.id) ?? { ...r, roles: [] };
    person.roles.push({ name: r.name as TRoleName, resourceId: r.resource_id });
    people.set(r.id, person);
  }
  return [...people.values()]
    .filter((p) => mayBeOrganizationContact(p.roles, organizationId))
    .map(({ id, first_name, last_name, email, roles }) => ({ id, first_name, last_name, email, roles }));
}

/** The people as `ZOrganizationPeopleCollection`'s resources (both routes answer the same document). */
export const contactResource = (p: Awaited<ReturnType<typeof organizationContacts>>[number]) => ({
  type: 'user' as const,
  id: p.id,
  attributes: {
    first_name: p.first_name,
    last_name: p.last_name,
    email: p.email,
    roles: p.roles.map((r) => ({ name: r.name, resource_id: r.resourceId })),
  },
});
