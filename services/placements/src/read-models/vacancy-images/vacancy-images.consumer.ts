import type { TConsumer } from '@stageplein/kit/outbox/transport';
import { useCaseConsumer } from '@stageplein/kit/outbox/use-case-consumer';
import { SCHEMA, type TPlacementsDb } from '../../database.ts';
import type { TPlacementsConfig, TPlacementsDeps } from '../../placements.config.ts';
import { VACANCY_IMAGE_EVENTS, applyImageEvent } from './vacancy-images.service.ts';

export { VACANCY_IMAGE_EVENTS } from './vacancy-images.service.ts';

/** The read model's consumer: each event of `types` goes to `applyImageEvent`. */
export const vacancyImagesConsumer = (deps: TPlacementsDeps): TConsumer =>
  useCaseConsumer<TPlacementsDb, TPlacementsConfig>(deps, {
    schema: SCHEMA,
    group: `${SCHEMA}.vacancy-images`,
    types: [...VACANCY_IMAGE_EVENTS],
    run: applyImageEvent,
  });
