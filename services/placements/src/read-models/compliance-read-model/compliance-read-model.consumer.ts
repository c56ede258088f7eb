import type { TConsumer } from '@stageplein/kit/outbox/transport';
import { useCaseConsumer } from '@stageplein/kit/outbox/use-case-consumer';
import { SCHEMA, type TPlacementsDb } from '../../database.ts';
import type { TPlacementsConfig, TPlacementsDeps } from '../../placements.config.ts';
import { applyComplianceEvent } from './compliance-read-model.service.ts';

/** The read model's consumer: each event of `types` goes to `applyComplianceEvent`. */
export const complianceReadModelConsumer = (deps: TPlacementsDeps): TConsumer =>
  useCaseConsumer<TPlacementsDb, TPlacementsConfig>(deps, {
    schema: SCHEMA,
    group: `${SCHEMA}.compliance-read-model`,
    types: ['organizations.compliance.changed'],
    run: applyComplianceEvent,
  });
