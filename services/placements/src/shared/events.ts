import { recorderFor } from '@stageplein/kit/outbox/record';
import { SCHEMA, type TPlacementsDb } from '../database.ts';

/**
 * Placements' one event helper (kit's `recorderFor`): `record(ctx, caller, type, subject, data)` writes
 * the change's event to the outbox and its row to `placements.audit_log`, in the use case's transaction.
 */
export const record = recorderFor<TPlacementsDb>(SCHEMA, { audit: true });
