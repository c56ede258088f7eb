import { parseConfig } from '@stageplein/kit/config/config';
import { startService } from '@stageplein/kit/runtime/service-server';
import { organizationsService } from './organizations.module.ts';

/** Distributed profile: the organizations service as its own process (DATABASE_URL required). */
await startService(organizationsService, parseConfig());
