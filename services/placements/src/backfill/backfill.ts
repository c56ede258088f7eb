import { createDb, createPool, dbUrls } from '@stageplein/kit/db/database';
import { backfillFromOutboxes, type TBackfillResult } from '@stageplein/kit/runtime/backfill';
import { placementsService } from '../placements.module.ts';
import type { TPlacementsConfig } from '../placements.config.ts';

/** Whose events placements keeps: identity (roles, sessions, users), organizations and content (forms, images). */
export const BACKFILL_SOURCES = ['identity', 'organizations', 'content'] as const;

/**
 * `npm run backfill -w @stageplein/placements`: replays identity's, organizations' and content's outboxes into
 * every placements consumer (auth read model, users, organizations), for a placements deployed after
 * those events were sent (docs/decisions/placements.md).
 */
export async function backfillPlacements(
  ownerUrl: string,
  config: TPlacementsConfig,
  print: (line: string) => void = console.log,
): Promise<TBackfillResult> {
  const urls = dbUrls(ownerUrl, config.DATABASE_APP_PASSWORD);
  const app = createDb<unknown>(createPool(urls.app, 4));
  const relay = createDb<unknown>(createPool(urls.relay, 2));
  try {
    const consumers = placementsService.consumers?.({ config, db: app }) ?? [];
    const result = await backfillFromOutboxes(relay, consumers, BACKFILL_SOURCES, { print });
    print(`back-filled ${result.read} event(s): ${JSON.stringify(result.delivered)}`);
    return result;
  } finally {
    await Promise.all([app.destroy(), relay.destroy()]);
  }
}
