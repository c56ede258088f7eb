// The discrimination-reports group's public entry (docs/decisions/placements.md "Groups").
export { discriminationReportsGroup } from './discrimination-reports.module.ts';
