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
import { seedVacancies } from './vacancies/vacancies.seed.ts';
import { seedInternships } from './internships/internships.seed.ts';
import { seedAllocationRound } from './allocation/allocation.seed.ts';
import { seedHours } from './hours/hours.seed.ts';
import { usersReadModelConsumer } from './read-models/users-read-model/users-read-model.consumer.ts';
import { complianceReadModelConsumer } from './read-models/compliance-read-model/compliance-read-model.consumer.ts';
import { vacanciesRoutes } from './vacancies/vacancies.routes.ts';
import { internshipsRoutes } from './internships/internships.routes.ts';
import { schoolReadModelsConsumer } from './read-models/school-read-models/school-read-models.consumer.ts';
import { tagsReadModelConsumer } from './read-models/tags-read-model/tags-read-model.consumer.ts';
import { formVersionsConsumer } from './read-models/form-versions/form-versions.consumer.ts';
import { vacancyImagesConsumer } from './read-models/vacancy-images/vacancy-images.consumer.ts';
import { vacancySearchRoutes } from './vacancy-search/vacancy-search.routes.ts';
import { selfFoundRoutes } from './self-found/self-found.routes.ts';
import { seedSelfFoundDetails } from './self-found/self-found.seed.ts';
import { bulkMessagesRoutes } from './bulk-messages/bulk-messages.routes.ts';
import {
  selfFoundApprovalsConsumer,
  selfFoundOrganizationsConsumer,
} from './self-found/self-found.consumer.ts';
import { actionLinksRoutes } from './internships/action-links/action-links.routes.ts';
import { installExternalLinks } from '@stageplein/kit/external-links/external-links.guard';
import { mailDeliveryStatusConsumer } from '@stageplein/kit/mail/mail-requests';
import { allocationRoutes } from './allocation/allocation.routes.ts';
import { assignRoutes } from './allocation/assign/assign.routes.ts';
import { hoursRoutes } from './hours/hours.routes.ts';
import { progressRoutes } from './progress/progress.routes.ts';
import { assignmentsRoutes } from './assignments/assignments.routes.ts';
import { seedAssignments } from './assignments/assignments.seed.ts';
import { evaluationsRoutes } from './evaluations/evaluations.routes.ts';
import { seedEvaluations } from './evaluations/evaluations.seed.ts';

const routes: FastifyPluginAsync<TPlacementsDeps> = async (app, deps) => {
  // External action links (kit): `app.externalLinks.route({ action, subject })` in any feature below.
  installExternalLinks(app, deps, SCHEMA);
  await app.register(actionLinksRoutes, deps);
  await app.register(vacanciesRoutes, deps);
  await app.register(vacancySearchRoutes, deps);
  await app.register(internshipsRoutes, deps);
  await app.register(allocationRoutes, deps);
  await app.register(assignRoutes, deps);
  await app.register(selfFoundRoutes, deps);
  await app.register(bulkMessagesRoutes, deps);
  await app.register(hoursRoutes, deps);
  await app.register(progressRoutes, deps);
  await app.register(assignmentsRoutes, deps);
  await app.register(evaluationsRoutes, deps);
};

/** Vacancies and internships (docs/decisions/placements.md, docs/decisions/internships.md). */
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
    schoolReadModelsConsumer(deps.db),
    tagsReadModelConsumer(deps.db),
    formVersionsConsumer(deps.db),
    vacancyImagesConsumer(deps.db),
    selfFoundApprovalsConsumer(deps.db, () => deps.now?.() ?? new Date()),
    selfFoundOrganizationsConsumer(deps.db, () => deps.now?.() ?? new Date()),
    mailDeliveryStatusConsumer(deps.db, SCHEMA),
  ],
  async seedTenant({ db, today }, tenantId) {
    const tenant = getTenant(tenantId);
    if (!tenant) throw new Error(`placements: unknown tenant ${tenantId}`);
    await db.transaction().execute(async (trx) => {
      await setTenant(trx, tenantId);
      const ctx = { db: trx as unknown as Kysely<TPlacementsDb>, tenant, now: today };
      await seedVacancies(ctx, tenant, today);
      await seedInternships(ctx, tenant, today);
      await seedSelfFoundDetails(ctx, tenant);
      await seedAllocationRound(ctx, tenant, today);
      await seedHours(ctx, tenant, today);
      await seedAssignments(ctx, tenant, today);
      await seedEvaluations(ctx, tenant, today);
    });
  },
};
