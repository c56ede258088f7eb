import type { TConsumer } from '@stageplein/kit/outbox/transport';
import { useCaseConsumer } from '@stageplein/kit/outbox/use-case-consumer';
import { SCHEMA, type TPlacementsDb } from '../../database.ts';
import type { TPlacementsConfig, TPlacementsDeps } from '../../placements.config.ts';
import { USERS_READ_MODEL_GROUP, USER_EVENTS, applyUserEvent } from './users-read-model.service.ts';

export { USER_EVENTS, USERS_READ_MODEL_GROUP } from './users-read-model.service.ts';

/** The read model's consumer: each event of `types` goes to `applyUserEvent`. */
export const usersReadModelConsumer = (deps: TPlacementsDeps): TConsumer =>
  useCaseConsumer<TPlacementsDb, TPlacementsConfig>(deps, {
    schema: SCHEMA,
    group: USERS_READ_MODEL_GROUP,
    types: USER_EVENTS,
    run: applyUserEvent,
  });
