import { z } from 'zod';
// ROLE_NAMES, not ZRoleName: roles.ts sits in the portal's entry chunk, and a zod schema exported from
// there to a lazy page would pull zod into every first download.
import { ROLE_NAMES, type TRoleName } from '../identity/roles.ts';
import { zCollectionOf, ZResource } from '../jsonapi/jsonapi.ts';

/**
 * Who may be named as an organization's contact: an internship's contact person and supervisor, a
 * vacancy's contact person (docs/decisions/internships.md). One rule for both, so the server's refusal
 * (422 `person_not_in_organization`) and the editors' pickers agree everywhere.
 */

/** A role a person holds (identity's roles as the read models keep them). */
export interface TPersonRole {
  name: TRoleName;
  resourceId: string;
}

/**
 * A person works for the organization: a role there other than the learner's (student, volunteer).
 * Without an organization (a self-found internship the platform does not know yet) nobody can be
 * chosen; the contact fields describe the person instead.
 */
export const mayBeOrganizationContact = (
  roles: readonly TPersonRole[],
  organizationId: string | null,
): boolean =>
  organizationId !== null &&
  roles.some((r) => r.resourceId === organizationId && r.name !== 'student' && r.name !== 'volunteer');

/**
 * The editors' picker data (portal and back office, internships and vacancies alike): the people the
 * rule allows, and the current choice first when it is no longer offered, so opening an editor and
 * saving it changes nothing.
 */
export function contactChoices<T extends { id: string; roles?: readonly TPersonRole[] }>(
  people: readonly T[],
  organizationId: string | null,
  current: T | null | undefined,
): T[] {
  const allowed = people.filter((p) => mayBeOrganizationContact(p.roles ?? [], organizationId));
  return current && !allowed.some((p) => p.id === current.id) ? [current, ...allowed] : allowed;
}

export const ZOrganizationPersonAttributes = z.object({
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  email: z.string(),
});

/**
 * `GET /api/v1/internships/{id}/people` and `GET /api/v1/vacancies/{id}/people`: the people of the
 * organization who may be its contact (`mayBeOrganizationContact`), each with their roles there, for
 * the editors' pickers.
 */
export const ZOrganizationPersonResource = ZResource.extend({
  type: z.literal('user'),
  attributes: ZOrganizationPersonAttributes.extend({
    roles: z.array(z.object({ name: z.enum(ROLE_NAMES), resource_id: z.string() })),
  }),
});
export const ZOrganizationPeopleCollection = zCollectionOf(ZOrganizationPersonResource);
