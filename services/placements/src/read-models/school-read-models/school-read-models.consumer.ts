import type { TConsumer } from '@stageplein/kit/outbox/transport';
import { useCaseConsumer } from '@stageplein/kit/outbox/use-case-consumer';
import { ORGANIZATION_SNAPSHOT_EVENTS } from '@stageplein/kit/read-models/organizations-read-model';
import { SCHEMA, type TPlacementsDb } from '../../database.ts';
import type { TPlacementsConfig, TPlacementsDeps } from '../../placements.config.ts';
import { SCHOOL_EVENTS, applySchoolEvent } from './school-read-models.service.ts';

export { SCHOOL_EVENTS } from './school-read-models.service.ts';

/** The read model's consumer: each event of `types` goes to `applySchoolEvent`. */
export const schoolReadModelsConsumer = (deps: TPlacementsDeps): TConsumer =>
  useCaseConsumer<TPlacementsDb, TPlacementsConfig>(deps, {
    schema: SCHEMA,
    group: `${SCHEMA}.school-read-models`,
    types: [...SCHOOL_EVENTS, ...ORGANIZATION_SNAPSHOT_EVENTS],
    run: applySchoolEvent,
  });
