import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import type { TTenant } from '@stageplein/contracts/tenants/tenant.types';
import type { TConsumer } from '@stageplein/kit/outbox/transport';
import type { TContentDeps } from '../content.config.ts';
import type { TContentDb } from '../database.ts';

/**
 * One group of content (docs/decisions/content.md "Groups"): what it adds to the service.
 * `content.module.ts` lists the groups; each group's `<group>.module.ts` holds its one object and adds
 * its tables to `TContentDb` (database.ts) itself, so the schema type has no arrow back up.
 */
export interface TContentGroup {
  /** The group's folder under src/. */
  name: string;
  /** Its route plugins, registered in this order. */
  routes?: readonly FastifyPluginAsync<TContentDeps>[];
  /** Its consumers of events. */
  consumers?(deps: TContentDeps): TConsumer[];
  /** Its demo data for one tenant, in the seeding transaction; groups seed in the order they are listed. */
  seed?(db: Kysely<TContentDb>, tenant: TTenant, today: Date): Promise<void>;
}
