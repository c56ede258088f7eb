import type { TConsumer } from '@stageplein/kit/outbox/transport';
import { useCaseConsumer } from '@stageplein/kit/outbox/use-case-consumer';
import { SCHEMA, type TPlacementsDb } from '../../database.ts';
import type { TPlacementsConfig, TPlacementsDeps } from '../../placements.config.ts';
import { TAG_EVENTS, applyTagEvent } from './tags-read-model.service.ts';

export { TAG_EVENTS } from './tags-read-model.service.ts';

/** The read model's consumer: each event of `types` goes to `applyTagEvent`. */
export const tagsReadModelConsumer = (deps: TPlacementsDeps): TConsumer =>
  useCaseConsumer<TPlacementsDb, TPlacementsConfig>(deps, {
    schema: SCHEMA,
    group: `${SCHEMA}.tags-read-model`,
    types: [...TAG_EVENTS],
    run: applyTagEvent,
  });
