import type { FastifyPluginAsync } from 'fastify';
import { SERVICE_PREFIXES } from '@stageplein/contracts/routes/service-prefixes';
import { getTenant } from '@stageplein/contracts/tenants/tenant-registry';
import { authReadModelConsumer } from '@stageplein/kit/auth/auth-read-model.consumer';
import { setTenant } from '@stageplein/kit/db/rls';
import { serviceDb } from '@stageplein/kit/db/schema-tables';
import { organizationsReadModelConsumer } from '@stageplein/kit/read-models/organizations-read-model.consumer';
import type { TServiceModule } from '@stageplein/kit/service';
import { cmsGroup } from './cms/index.ts';
import { CONTENT_CONFIG, type TContentConfig, type TContentDeps } from './content.config.ts';
import { SCHEMA, type TContentDb } from './database.ts';
import { formsGroup } from './forms/index.ts';
import { migrations } from './migrations/index.ts';
import type { TContentGroup } from './shared/group.ts';

/**
 * Content's groups (docs/decisions/content.md "Groups"): the CMS, then forms, which keeps visitors'
 * files with the CMS's uploads; they seed in this order.
 */
export const CONTENT_GROUPS: readonly TContentGroup[] = [cmsGroup, formsGroup];

const routes: FastifyPluginAsync<TContentDeps> = async (app, deps) => {
  for (const group of CONTENT_GROUPS)
    for (const plugin of group.routes ?? []) await app.register(plugin, deps);
};

/** The CMS and forms of each tenant (docs/decisions/content.md, docs/decisions/forms.md). */
export const contentService: TServiceModule<TContentConfig> = {
  name: 'content',
  configKeys: CONTENT_CONFIG,
  schema: SCHEMA,
  prefixes: SERVICE_PREFIXES.content,
  migrations,
  routes,
  consumers: (deps) => [
    // The read models every group's authorization reads (shared/editor.ts): roles and organizations.
    authReadModelConsumer(deps, SCHEMA),
    // Kit's read model under a new group (migration 20270202T0910): content's own group is retired.
    organizationsReadModelConsumer(deps, SCHEMA, `${SCHEMA}.organizations-read-model-v2`),
    ...CONTENT_GROUPS.flatMap((group) => group.consumers?.(deps) ?? []),
  ],
  async seedTenant({ db, today }, tenantId) {
    const tenant = getTenant(tenantId);
    if (!tenant) throw new Error(`content: unknown tenant ${tenantId}`);
    await serviceDb<TContentDb>(db)
      .transaction()
      .execute(async (trx) => {
        await setTenant(trx, tenantId);
        for (const group of CONTENT_GROUPS) await group.seed?.(trx, tenant, today);
      });
  },
};
