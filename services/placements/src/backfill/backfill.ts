import type { TServiceBackfill } from '@stageplein/kit/runtime/backfill';
import { placementsService } from '../placements.module.ts';
import type { TPlacementsConfig } from '../placements.config.ts';

/**
 * `npm run backfill -w @stageplein/placements` (kit's back-fill): replays identity's, organizations'
 * and content's outboxes (roles, sessions, users; organizations; forms, images) into every placements
 * consumer (auth read model, users, organizations), for a placements deployed after those events were
 * sent (docs/decisions/placements.md).
 */
export const PLACEMENTS_BACKFILL: TServiceBackfill<TPlacementsConfig> = {
  sources: ['identity', 'organizations', 'content'],
  consumers: (deps) => placementsService.consumers?.(deps) ?? [],
};
