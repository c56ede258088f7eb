import { organizationsReadModelConsumer } from '@stageplein/kit/read-models/organizations-read-model.consumer';
import type { TServiceBackfill } from '@stageplein/kit/runtime/backfill';
import { SCHEMA } from '../database.ts';
import type { TIdentityConfig } from '../identity.config.ts';
import { ORGANIZATIONS_READ_MODEL_GROUP } from '../organizations/organizations.repository.ts';

/**
 * `npm run backfill -w @stageplein/identity` (kit's back-fill): replays organizations' outbox into
 * identity's copy of kit's organizations read model (its own group), for an identity whose read model
 * is newer than the events: the migration to kit's table (20270202T0900) kept the rows identity had,
 * this fills the columns identity's own table did not have (city, postcode, coordinates). Only the read
 * model: the consumers with effects (invitations, mails) are never replayed. Idempotent.
 */
export const IDENTITY_BACKFILL: TServiceBackfill<TIdentityConfig> = {
  sources: ['organizations'],
  consumers: (deps) => [organizationsReadModelConsumer(deps, SCHEMA, ORGANIZATIONS_READ_MODEL_GROUP)],
};
