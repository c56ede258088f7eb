// The vacancy-search group's public entry (docs/decisions/placements.md "Groups").
export { vacancySearchGroup } from './vacancy-search.module.ts';
