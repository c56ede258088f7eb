import { z } from 'zod';
// ROLE_NAMES, not ZRoleName: roles.ts sits in the portal's entry chunk, and a zod schema exported from
// there to a lazy page would pull zod into every first download.
import { ROLE_NAMES } from '../identity/roles.ts';
import { zCollectionOf, ZResource } from '../jsonapi/jsonapi.ts';

export const ZOrganizationPersonAttributes = z.object({
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  email: z.string(),
});

/**
 * `GET /api/v1/internships/{id}/people` and `GET /api/v1/vacancies/{id}/people`: the people of the
 * organization who may be its contact (`mayBeOrganizationContact`, organization-contacts.ts), each with their roles there, for
 * the editors' pickers.
 */
export const ZOrganizationPersonResource = ZResource.extend({
  type: z.literal('user'),
  attributes: ZOrganizationPersonAttributes.extend({
    roles: z.array(z.object({ name: z.enum(ROLE_NAMES), resource_id: z.string() })),
  }),
});
export const ZOrganizationPeopleCollection = zCollectionOf(ZOrganizationPersonResource);
