import { vacanciesReadModelConsumer } from './vacancies-read-model/vacancies-read-model.consumer.ts';
import rateLimit from '@fastify/rate-limit';
import type { FastifyPluginAsync } from 'fastify';
import type { TServiceDeps, TServiceModule } from '@stageplein/kit/service';
import { setTenant } from '@stageplein/kit/db/rls';
import { serviceDb } from '@stageplein/kit/db/schema-tables';
import { authReadModelConsumer } from '@stageplein/kit/auth/auth-read-model.consumer';
import { ApiError } from '@stageplein/kit/errors/api-error';
import { limiterStoreFor, rateLimitPluginStore } from '@stageplein/kit/http/limits/limiter-store';
import type { TTenantId } from '@stageplein/contracts/tenants/tenant.types';
import { migrations } from './migrations/index.ts';
import { ORGANIZATIONS_CONFIG } from './organizations.config.ts';
import { SCHEMA, type TOrganizationsDb } from './database.ts';
import { schoolYearsRoutes } from './school-years/school-years.routes.ts';
import { ensureSchoolYears } from './school-years/school-years.service.ts';
import { organizationsRoutes } from './organizations/organizations.routes.ts';
import { signupsRoutes } from './signups/signups.routes.ts';
import { currentOrganizationsRoutes } from './current-organizations/current-organizations.routes.ts';
import { levelsRoutes } from './levels/levels.routes.ts';
import { tagsRoutes } from './tags/tags.routes.ts';
import { groupsRoutes } from './groups/groups.routes.ts';
import { internshipPeriodsRoutes } from './internship-periods/internship-periods.routes.ts';
import { mentorshipsRoutes } from './mentorships/mentorships.routes.ts';
import { importsRoutes } from './imports/imports.routes.ts';
import { importRequestsConsumer } from './imports/imports.consumer.ts';
import { auditLogRoutes } from './audit-log/audit-log.routes.ts';
import { complianceRoutes } from './compliance/compliance.routes.ts';
import { roleCleanupConsumer } from './role-cleanup/role-cleanup.consumer.ts';
import { selfFoundOrganizationsConsumer } from './self-found-organizations/self-found-organizations.consumer.ts';
import { seedOrganizations } from './seeds/seed.ts';
import { seedCompliance } from './compliance/compliance.seed.ts';
import { organizationFacts } from './shared/organization-facts.ts';
import { SERVICE_PREFIXES } from '@stageplein/contracts/routes/service-prefixes';

const routes: FastifyPluginAsync<TServiceDeps> = async (app, deps) => {
  // The current-organization memo is bounded like the credential-check memo (kit/auth/auth-cache.ts).
  organizationFacts.ttlMs = deps.config.AUTH_CACHE_SECONDS * 1000;
  // Only the public signup is limited (per route, per address); 429 leaves as a JSON:API error. The
  // counts are in the kit's limiter store: Redis when REDIS_URL is set, so every instance shares them.
  const limits = limiterStoreFor(deps.config);
  app.addHook('onClose', () => limits.close());
  await app.register(rateLimit, {
    global: false,
    hook: 'preHandler',
    store: rateLimitPluginStore(limits),
    errorResponseBuilder: () => new ApiError('rate_limited'),
  });
  await app.register(schoolYearsRoutes, deps);
  await app.register(organizationsRoutes, deps);
  await app.register(signupsRoutes, deps);
  await app.register(currentOrganizationsRoutes, deps);
  await app.register(levelsRoutes, deps);
  await app.register(tagsRoutes, deps);
  await app.register(groupsRoutes, deps);
  await app.register(internshipPeriodsRoutes, deps);
  await app.register(mentorshipsRoutes, deps);
  await app.register(importsRoutes, deps);
  await app.register(auditLogRoutes, deps);
  await app.register(complianceRoutes, deps);
};

export const organizationsService: TServiceModule = {
  name: 'organizations',
  configKeys: ORGANIZATIONS_CONFIG,
  schema: SCHEMA,
  prefixes: SERVICE_PREFIXES.organizations,
  migrations,
  routes,
  consumers: (deps) => [
    authReadModelConsumer(deps, SCHEMA),
    roleCleanupConsumer(deps),
    vacanciesReadModelConsumer(deps),
    selfFoundOrganizationsConsumer(deps),
    importRequestsConsumer(deps),
  ],
  async seedTenant({ db, today }, tenant) {
    await serviceDb<TOrganizationsDb>(db)
      .transaction()
      .execute(async (trx) => {
        await setTenant(trx, tenant);
        await ensureSchoolYears(trx, tenant as TTenantId, today);
        await seedOrganizations(trx, tenant as TTenantId, today);
        await seedCompliance(trx, tenant as TTenantId, today);
      });
  },
};
