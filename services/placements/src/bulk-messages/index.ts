// The bulk-messages group's public entry (docs/decisions/placements.md "Groups").
export { bulkMessagesGroup } from './bulk-messages.module.ts';
