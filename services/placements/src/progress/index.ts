// The progress group's public entry (docs/decisions/placements.md "Groups").
export { progressGroup } from './progress.module.ts';
