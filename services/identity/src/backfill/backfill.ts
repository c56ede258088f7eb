import { createDb, createPool, dbUrls } from '@stageplein/kit/db/database';
import { organizationsReadModelConsumer } from '@stageplein/kit/read-models/organizations-read-model';
import { backfillFromOutboxes, type TBackfillResult } from '@stageplein/kit/runtime/backfill';
import { SCHEMA } from '../database.ts';
import type { TIdentityConfig } from '../identity.config.ts';
import { ORGANIZATIONS_READ_MODEL_GROUP } from '../organizations/organizations.repository.ts';

/** Whose events identity's read models keep: organizations' (kit's organizations read model). */
export const BACKFILL_SOURCES = ['organizations'] as const;

/**
 * `npm run backfill -w @stageplein/identity`: replays organizations' outbox into identity's copy of
 * kit's organizations read model (its own group), for an identity whose read model is newer than the
 * events: the migration to kit's table (20270202T0900) kept the rows identity had, this fills the
 * columns identity's own table did not have (city, postcode, coordinates). Only the read model: the
 * consumers with effects (invitations, mails) are never replayed. Idempotent.
 */
export async function backfillIdentity(
  ownerUrl: string,
  config: TIdentityConfig,
  print: (line: string) => void = console.log,
): Promise<TBackfillResult> {
  const urls = dbUrls(ownerUrl, config.DATABASE_APP_PASSWORD);
  const app = createDb<unknown>(createPool(urls.app, 4));
  const relay = createDb<unknown>(createPool(urls.relay, 2));
  try {
    const consumers = [organizationsReadModelConsumer(app, SCHEMA, ORGANIZATIONS_READ_MODEL_GROUP)];
    const result = await backfillFromOutboxes(relay, consumers, BACKFILL_SOURCES, { print });
    print(`back-filled ${result.read} event(s): ${JSON.stringify(result.delivered)}`);
    return result;
  } finally {
    await Promise.all([app.destroy(), relay.destroy()]);
  }
}
