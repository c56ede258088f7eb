import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import type { TServiceDeps, TServiceModule } from '@stageplein/kit/service';
import { setTenant } from '@stageplein/kit/db/rls';
import { authReadModelConsumer } from '@stageplein/kit/auth/auth-read-model';
import type { TTenantId } from '@stageplein/contracts/tenants/tenant.types';
import { migrations } from './migrations/index.ts';
import { SCHEMA, type TOrganizationsDb } from './database.ts';
import { schoolYearsRoutes } from './school-years/school-years.routes.ts';
import { ensureSchoolYears } from './school-years/school-years.service.ts';

const routes: FastifyPluginAsync<TServiceDeps> = async (app, deps) => {
  await app.register(schoolYearsRoutes, deps);
};

export const organizationsService: TServiceModule = {
  name: 'organizations',
  schema: SCHEMA,
  prefixes: ['/api/v1/school_years'],
  migrations,
  routes,
  consumers: (deps) => [authReadModelConsumer(deps.db, SCHEMA)],
  async seedTenant({ db, today }, tenant) {
    await db.transaction().execute(async (trx) => {
      await setTenant(trx, tenant);
      await ensureSchoolYears(trx as unknown as Kysely<TOrganizationsDb>, tenant as TTenantId, today);
    });
  },
};
