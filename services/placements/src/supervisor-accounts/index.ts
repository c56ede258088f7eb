// The supervisor-accounts group's public entry (docs/decisions/placements.md "Groups").
export { supervisorAccountsGroup } from './supervisor-accounts.module.ts';
