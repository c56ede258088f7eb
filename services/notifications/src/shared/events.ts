import { recorderFor } from '@stageplein/kit/outbox/record';
import type { TNotificationsDb } from '../database.ts';
import { SCHEMA } from '../database.ts';

/** Notifications' one event helper (docs/service-template.md "The one shape"): its outbox, no audit rows. */
export const record = recorderFor<TNotificationsDb>(SCHEMA, { audit: false });
