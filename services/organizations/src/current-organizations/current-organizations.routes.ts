import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  compareCurrentOrganizations,
  preselectOrganization,
} from '@stageplein/contracts/organizations/current-organization';
import { ZOrganizationCollection } from '@stageplein/contracts/organizations/organizations';
import { requireAuth } from '@stageplein/kit/auth/policy';
import { parseJsonApiQuery } from '@stageplein/kit/jsonapi/query';
import type { TServiceDeps } from '@stageplein/kit/service';
import { findOrganizationsByIds } from '../organizations/organizations.repository.ts';
import { organizationsDocument } from '../organizations/organizations.serialize.ts';
import { requestDb } from '../shared/request.ts';

const ZQuery = z.object({ include: z.string().optional() });

/**
 * The organizations where the signed-in user has roles: the roles come from the auth read model that
 * identity's role events keep (kit/auth/auth-read-model.ts; the credential check already loaded them),
 * the organizations from our table. Approved and pending ones (an applicant sees their request);
 * denied and archived ones are no longer anyone's workplace.
 */
export const currentOrganizationsRoutes: FastifyPluginAsync<TServiceDeps> = async (app) => {
  app.withTypeProvider<ZodTypeProvider>().get('/api/v1/current_organizations', {
    schema: {
      tags: ['organizations'],
      summary: 'The signed-in user’s organizations, in the order of the preselection rule',
      description:
        'Ordered by `compareCurrentOrganizations` (contracts/organizations/current-organization.ts) so `preselectOrganization` picks the same one everywhere; ' +
        '`meta.preselected_id` is its answer. Each resource’s `meta.roles` lists the user’s roles there. `include=profile`.',
      querystring: ZQuery,
      response: { 200: ZOrganizationCollection },
    },
    handler: async (req) => {
      const auth = requireAuth(req);
      const include = parseJsonApiQuery({ include: req.query.include }, { includes: ['profile'] }).include;
      const rolesByOrganization = new Map<string, string[]>();
      for (const r of auth.roles) {
        const id = String(r.resourceId);
        rolesByOrganization.set(id, [...(rolesByOrganization.get(id) ?? []), r.name]);
      }
      const rows = (await findOrganizationsByIds(await requestDb(req), [...rolesByOrganization.keys()]))
        .filter((o) => o.status === 'approved' || o.status === 'pending')
        .sort((a, b) => compareCurrentOrganizations({ id: a.id, name: a.name }, { id: b.id, name: b.name }));
      const doc = organizationsDocument(rows, { include, total: rows.length });
      for (const resource of doc.data)
        resource.meta = { roles: [...new Set(rolesByOrganization.get(resource.id))].sort() };
      const preselected = preselectOrganization(rows.map((o) => ({ id: o.id, type: o.type })));
      return { ...doc, meta: { ...doc.meta, preselected_id: preselected?.id ?? null } };
    },
  });
};
