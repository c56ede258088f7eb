import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import { SERVICE_PREFIXES } from '@stageplein/contracts/routes/service-prefixes';
import { getTenant } from '@stageplein/contracts/tenants/tenant-registry';
import { authReadModelConsumer } from '@stageplein/kit/auth/auth-read-model';
import { setTenant } from '@stageplein/kit/db/rls';
import { mailDeliveryStatusConsumer } from '@stageplein/kit/mail/mail-requests';
import { organizationsReadModelConsumer } from '@stageplein/kit/read-models/organizations-read-model';
import type { TServiceModule } from '@stageplein/kit/service';
import { CONTENT_CONFIG, type TContentConfig, type TContentDeps } from './content.config.ts';
import { SCHEMA, type TContentDb } from './database.ts';
import { formFilesRoutes } from './form-files/form-files.routes.ts';
import { formsPublicRoutes } from './forms/forms-public.routes.ts';
import { formsRoutes } from './forms/forms.routes.ts';
import { iconsRoutes } from './icons/icons.routes.ts';
import { menusRoutes } from './menus/menus.routes.ts';
import { messagesRoutes } from './messages/messages.routes.ts';
import { migrations } from './migrations/index.ts';
import { newsRoutes } from './news/news.routes.ts';
import { pagesRoutes } from './pages/pages.routes.ts';
import { seedContent } from './seeds/seed.ts';
import { stockImagesRoutes } from './stock-images/stock-images.routes.ts';
import { uploadsRoutes } from './uploads/uploads.routes.ts';

const routes: FastifyPluginAsync<TContentDeps> = async (app, deps) => {
  await app.register(pagesRoutes, deps);
  await app.register(menusRoutes, deps);
  await app.register(newsRoutes, deps);
  await app.register(messagesRoutes, deps);
  await app.register(uploadsRoutes, deps);
  await app.register(stockImagesRoutes, deps);
  await app.register(iconsRoutes, deps);
  await app.register(formsRoutes, deps);
  await app.register(formsPublicRoutes, deps);
  await app.register(formFilesRoutes, deps);
};

/** The CMS: pages, menus, news, the messages file, uploads, stock images and icons of each tenant (docs/decisions/content.md). */
export const contentService: TServiceModule<TContentConfig> = {
  name: 'content',
  configKeys: CONTENT_CONFIG,
  schema: SCHEMA,
  prefixes: SERVICE_PREFIXES.content,
  migrations,
  routes,
  consumers: (deps) => [
    authReadModelConsumer(deps.db, SCHEMA),
    // Kit's read model under a new group (migration 20270202T0910): content's own group is retired.
    organizationsReadModelConsumer(deps.db, SCHEMA, `${SCHEMA}.organizations-read-model-v2`),
    mailDeliveryStatusConsumer(deps.db, SCHEMA),
  ],
  async seedTenant({ db, today }, tenantId) {
    const tenant = getTenant(tenantId);
    if (!tenant) throw new Error(`content: unknown tenant ${tenantId}`);
    await db.transaction().execute(async (trx) => {
      await setTenant(trx, tenantId);
      await seedContent(trx as unknown as Kysely<TContentDb>, tenant, today);
    });
  },
};
