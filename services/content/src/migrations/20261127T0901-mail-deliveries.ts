import { mailDeliveriesMigrationV1 } from '@stageplein/kit/migrations/mail-deliveries.v1';
import { SCHEMA } from '../database.ts';

/** Mail content requests through identity (the contact form's submissions; docs/decisions/mail-requests.md). */
export default mailDeliveriesMigrationV1(SCHEMA);
