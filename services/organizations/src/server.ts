import { loadConfig } from '@stageplein/kit/config/config';
import { startService } from '@stageplein/kit/runtime/service-server';
import { ORGANIZATIONS_CONFIG } from './organizations.config.ts';
import { organizationsService } from './organizations.module.ts';

/** Distributed profile: the organizations service as its own process (DATABASE_URL required). */
await startService(organizationsService, loadConfig(ORGANIZATIONS_CONFIG));
