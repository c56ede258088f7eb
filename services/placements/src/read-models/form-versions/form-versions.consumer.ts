import type { TConsumer } from '@stageplein/kit/outbox/transport';
import { useCaseConsumer } from '@stageplein/kit/outbox/use-case-consumer';
import { SCHEMA, type TPlacementsDb } from '../../database.ts';
import type { TPlacementsConfig, TPlacementsDeps } from '../../placements.config.ts';
import { FORM_VERSION_EVENTS, applyFormEvent } from './form-versions.service.ts';

export { FORM_VERSION_EVENTS } from './form-versions.service.ts';

/** The read model's consumer: each event of `types` goes to `applyFormEvent`. */
export const formVersionsConsumer = (deps: TPlacementsDeps): TConsumer =>
  useCaseConsumer<TPlacementsDb, TPlacementsConfig>(deps, {
    schema: SCHEMA,
    group: `${SCHEMA}.form-versions`,
    types: [...FORM_VERSION_EVENTS],
    run: applyFormEvent,
  });
