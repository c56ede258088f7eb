import { outboxMigrationV2 } from '@stageplein/kit/migrations/outbox.v2';
import { SCHEMA } from '../database.ts';

export default outboxMigrationV2(SCHEMA);
