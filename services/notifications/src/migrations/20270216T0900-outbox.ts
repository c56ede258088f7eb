import { outboxMigrationV1 } from '@stageplein/kit/migrations/outbox.v1';
import { SCHEMA } from '../database.ts';

export default outboxMigrationV1(SCHEMA);
