// The analytics group's public entry (docs/decisions/placements.md "Groups").
export { analyticsGroup } from './analytics.module.ts';
export { rebuildAnalytics } from './analytics.rebuild.ts';
