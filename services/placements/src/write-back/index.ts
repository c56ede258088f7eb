// The write-back group's public entry (docs/decisions/placements.md "Groups").
export { writeBackGroup } from './write-back.module.ts';
export { createWriteBackActivities, type TWriteBackActivities } from './write-back.activities.ts';
