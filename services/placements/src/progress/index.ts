// The progress group's public entry (docs/decisions/placements.md "Groups").
export { progressGroup } from './progress.module.ts';
// The period's rows and figures, for the write-back (its completed internships' hours and results).
export { periodFor, progressScopes, rowOf } from './progress.service.ts';
export { progressRows } from './progress.repository.ts';
