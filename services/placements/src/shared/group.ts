import type { FastifyPluginAsync } from 'fastify';
import type { TTenant } from '@stageplein/contracts/tenants/tenant.types';
import type { TConsumer } from '@stageplein/kit/outbox/transport';
import type { TPlacementsDeps } from '../placements.config.ts';
import type { TCtx } from './request.ts';

/**
 * One group of placements (docs/decisions/placements.md "Groups"): what it adds to the service.
 * `placements.module.ts` lists the groups; each group's `<group>.module.ts` holds its one object and
 * adds its tables to `TPlacementsDb` (database.ts) itself, so the schema type has no arrow back up.
 */
export interface TPlacementsGroup {
  /** The group's folder under src/. */
  name: string;
  /** Its route plugins, registered in this order. */
  routes?: readonly FastifyPluginAsync<TPlacementsDeps>[];
  /** Its consumers of events. */
  consumers?(deps: TPlacementsDeps): TConsumer[];
  /** Its demo data for one tenant, in the seeding transaction; groups seed in the order they are listed. */
  seed?(ctx: TCtx, tenant: TTenant, today: Date): Promise<void>;
}
