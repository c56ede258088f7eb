import { mailDeliveriesMigrationV1 } from '@stageplein/kit/migrations/mail-deliveries.v1';
import { SCHEMA } from '../database.ts';

// Identity's account mails are requested through notifications like every other service's (#35 item 2).
export default mailDeliveriesMigrationV1(SCHEMA);
