// The allocation group's public entry (docs/decisions/placements.md "Groups").
export { allocationGroup } from './allocation.module.ts';
