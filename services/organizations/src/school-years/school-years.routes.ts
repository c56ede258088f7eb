import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import {
  zCollectionOf,
  ZSchoolYearResource,
  type TSchoolYearResource,
} from '@stageplein/contracts/jsonapi/jsonapi';
import { collectionDocument } from '@stageplein/kit/jsonapi/serialize';
import type { TServiceDeps } from '@stageplein/kit/service';
import type { TOrganizationsDb } from '../database.ts';
import { schoolYearsWithFlags } from './school-years.service.ts';

export const schoolYearsRoutes: FastifyPluginAsync<TServiceDeps> = async (app, deps) => {
  app.withTypeProvider<ZodTypeProvider>().get('/api/v1/school_years', {
    schema: {
      tags: ['school years'],
      summary: 'School years of the tenant with is_current / is_next computed from today',
      response: { 200: zCollectionOf(ZSchoolYearResource) },
    },
    handler: async (req) => {
      const db = (await req.db<TOrganizationsDb>()) as Kysely<TOrganizationsDb>;
      const years = await schoolYearsWithFlags(db, deps.now?.() ?? new Date());
      const data = years.map(({ id, ...attributes }): TSchoolYearResource => ({
        type: 'school_year',
        id,
        attributes,
      }));
      return collectionDocument(data, { total: data.length });
    },
  });
};
