import { loadConfig } from '@stageplein/kit/config/config';
import { startService } from '@stageplein/kit/runtime/service-server';
import { PLACEMENTS_CONFIG } from './placements.config.ts';
import { placementsService } from './placements.module.ts';

/** Distributed profile: the placements service as its own process (DATABASE_URL required). */
await startService(placementsService, loadConfig(PLACEMENTS_CONFIG));
