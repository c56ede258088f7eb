// `npm run backfill -w @stageplein/placements`: see backfill.ts.
import { runBackfillCommand } from '@stageplein/kit/runtime/one-off-command';
import { PLACEMENTS_CONFIG } from '../placements.config.ts';
import { PLACEMENTS_BACKFILL } from './backfill.ts';

await runBackfillCommand(PLACEMENTS_CONFIG, PLACEMENTS_BACKFILL);
