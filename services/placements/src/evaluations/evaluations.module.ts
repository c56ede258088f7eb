import type { TPlacementsGroup } from '../shared/group.ts';
import { phaseEvaluationsConsumer } from './evaluations.consumer.ts';
import { evaluationsRoutes } from './evaluations.routes.ts';
import { seedEvaluations } from './evaluations.seed.ts';
import type {
  TEvaluationResponsesTable,
  TEvaluationsTable,
  TEvaluationTemplatesTable,
} from './evaluations.table.ts';

declare module '../database.ts' {
  interface TPlacementsDb {
    'placements.evaluation_templates': TEvaluationTemplatesTable;
    'placements.evaluations': TEvaluationsTable;
    'placements.evaluation_responses': TEvaluationResponsesTable;
  }
}

/**
 * Evaluations of an internship by its parties, on the school's templates (docs/decisions/evaluations.md);
 * a workflow phase's template opens when an internship enters the phase.
 */
export const evaluationsGroup: TPlacementsGroup = {
  name: 'evaluations',
  routes: [evaluationsRoutes],
  consumers: (deps) => [phaseEvaluationsConsumer(deps)],
  seed: seedEvaluations,
};
