import { recorderFor } from '@stageplein/kit/outbox/record';
import { SCHEMA, type TContentDb } from '../database.ts';

/**
 * Content's one event helper (kit's `recorderFor`): `record(ctx, caller, type, subject, data)` writes
 * the event to the outbox and the change's row to `content.audit_log` in the use case's transaction;
 * `{ audit: false }` for state other services keep that is no change of its own (a form's frozen
 * version for placements).
 */
export const record = recorderFor<TContentDb>(SCHEMA, { audit: true });
