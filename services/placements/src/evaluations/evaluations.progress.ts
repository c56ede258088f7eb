import {
  evaluationProgress,
  evaluationScore,
  type TEvaluationResponseState,
  type TEvaluationRole,
} from '@stageplein/contracts/placements/evaluation-policy';
import type { TProgressEvaluation } from '@stageplein/contracts/placements/evaluations';

/** Progress's evaluation column (stagevoortgang): the parts' states in one word, who sent theirs, the score. */
export function progressEvaluation(
  parts:
    { role: TEvaluationRole; state: TEvaluationResponseState; score: number | null; weight: number }[] | null,
): TProgressEvaluation {
  const submitted = (parts ?? []).filter((p) => p.state === 'submitted');
  return {
    state: evaluationProgress(parts?.map((p) => p.state) ?? null),
    asked: (parts ?? []).map((p) => p.role),
    submitted: submitted.map((p) => p.role),
    score: evaluationScore(submitted),
  };
}
