import { recorderFor } from '@stageplein/kit/outbox/record';
import { SCHEMA, type TOrganizationsDb } from '../database.ts';

/**
 * Organizations' one event helper (kit's `recorderFor`): `record(ctx, caller, type, subject, data)`
 * writes the event to the outbox in the use case's transaction. No kit audit row: organizations keeps
 * its own audit log with the status before and after (audit-log/audit-log.repository.ts).
 */
export const record = recorderFor<TOrganizationsDb>(SCHEMA, { audit: false });
