// `npm run backfill -w @stageplein/identity`: see backfill.ts.
import { runBackfillCommand } from '@stageplein/kit/runtime/one-off-command';
import { IDENTITY_CONFIG } from '../identity.config.ts';
import { IDENTITY_BACKFILL } from './backfill.ts';

await runBackfillCommand(IDENTITY_CONFIG, IDENTITY_BACKFILL);
