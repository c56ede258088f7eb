import type { TConsumer } from '@stageplein/kit/outbox/transport';
import { useCaseConsumer } from '@stageplein/kit/outbox/use-case-consumer';
import { SCHEMA, type TPlacementsDb } from '../database.ts';
import type { TPlacementsConfig, TPlacementsDeps } from '../placements.config.ts';
import { ANALYTICS_EVENT_TYPES, projectAnalyticsEvent } from './analytics.projection.ts';

export const ANALYTICS_GROUP = `${SCHEMA}.analytics`;

/** Keeps analytics' read models from placements' own events (one use case: the projection). */
export const analyticsConsumer = (deps: TPlacementsDeps): TConsumer =>
  useCaseConsumer<TPlacementsDb, TPlacementsConfig>(deps, {
    schema: SCHEMA,
    group: ANALYTICS_GROUP,
    types: ANALYTICS_EVENT_TYPES,
    run: (ctx, event) => projectAnalyticsEvent(ctx.db, event),
  });
