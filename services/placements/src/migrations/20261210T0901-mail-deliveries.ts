import { mailDeliveriesMigrationV1 } from '@stageplein/kit/migrations/mail-deliveries.v1';
import { SCHEMA } from '../database.ts';

export default mailDeliveriesMigrationV1(SCHEMA);
