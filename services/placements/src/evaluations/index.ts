// The evaluations group's public entry (docs/decisions/placements.md "Groups").
export { evaluationsGroup } from './evaluations.module.ts';
export { progressEvaluation } from './evaluations.progress.ts';
