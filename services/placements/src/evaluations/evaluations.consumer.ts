import { EVENT_PAYLOADS } from '@stageplein/contracts/events/payloads';
import type { TConsumer } from '@stageplein/kit/outbox/transport';
import { useCaseConsumer } from '@stageplein/kit/outbox/use-case-consumer';
import { SCHEMA, type TPlacementsDb } from '../database.ts';
import type { TPlacementsConfig, TPlacementsDeps } from '../placements.config.ts';
import { openPhaseEvaluation } from './evaluations.service.ts';

/** An internship entered a workflow phase: its evaluation opens from the phase's template, if any (one use case). */
export const phaseEvaluationsConsumer = (deps: TPlacementsDeps): TConsumer =>
  useCaseConsumer<TPlacementsDb, TPlacementsConfig>(deps, {
    schema: SCHEMA,
    group: `${SCHEMA}.phase-evaluations`,
    types: ['placements.internship_phase.entered'],
    run: async (ctx, event) => {
      await openPhaseEvaluation(ctx, EVENT_PAYLOADS['placements.internship_phase.entered'].parse(event.data));
    },
  });
