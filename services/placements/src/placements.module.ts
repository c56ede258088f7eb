import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import { SERVICE_PREFIXES } from '@stageplein/contracts/routes/service-prefixes';
import { getTenant } from '@stageplein/contracts/tenants/tenant-registry';
import { authReadModelConsumer } from '@stageplein/kit/auth/auth-read-model';
import { setTenant } from '@stageplein/kit/db/rls';
import { organizationsReadModelConsumer } from '@stageplein/kit/read-models/organizations-read-model';
import type { TServiceModule } from '@stageplein/kit/service';
import { SCHEMA, type TPlacementsDb } from './database.ts';
import { migrations } from './migrations/index.ts';
import { PLACEMENTS_CONFIG, type TPlacementsConfig, type TPlacementsDeps } from './placements.config.ts';
import { seedVacancies } from './seeds/seed-vacancies.ts';
import { usersReadModelConsumer } from './users-read-model/users-read-model.consumer.ts';
import { complianceReadModelConsumer } from './compliance-read-model/compliance-read-model.consumer.ts';
import { vacanciesRoutes } from './vacancies/vacancies.routes.ts';
import { vacancySearchRoutes } from './vacancy-search/vacancy-search.routes.ts';
import { actionLinksRoutes } from './action-links/action-links.routes.ts';
import { installExternalLinks } from '@stageplein/kit/external-links/external-links.guard';
import { mailDeliveryStatusConsumer } from '@stageplein/kit/mail/mail-requests';

const routes: FastifyPluginAsync<TPlacementsDeps> = async (app, deps) => {
  // External action links (kit): `app.externalLinks.route({ action, subject })` in any feature below.
  installExternalLinks(app, deps, SCHEMA);
  await app.register(actionLinksRoutes, deps);
  await app.register(vacanciesRoutes, deps);
  await app.register(vacancySearchRoutes, deps);
};

/** Vacancies now, internships next (docs/decisions/placements.md). */
export const placementsService: TServiceModule<TPlacementsConfig> = {
  name: 'placements',
  configKeys: PLACEMENTS_CONFIG,
  schema: SCHEMA,
  prefixes: SERVICE_PREFIXES.placements,
  migrations,
  routes,
  consumers: (deps) => [
    authReadModelConsumer(deps.db, SCHEMA),
    organizationsReadModelConsumer(deps.db, SCHEMA),
    usersReadModelConsumer(deps.db),
    complianceReadModelConsumer(deps.db),
    mailDeliveryStatusConsumer(deps.db, SCHEMA),
  ],
  async seedTenant({ db, today }, tenantId) {
    const tenant = getTenant(tenantId);
    if (!tenant) throw new Error(`placements: unknown tenant ${tenantId}`);
    await db.transaction().execute(async (trx) => {
      await setTenant(trx, tenantId);
      const ctx = { db: trx as unknown as Kysely<TPlacementsDb>, tenant, now: today };
      await seedVacancies(ctx, tenant, today);
    });
  },
};
