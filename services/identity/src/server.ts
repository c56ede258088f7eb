import { loadConfig } from '@stageplein/kit/config/config';
import { startService } from '@stageplein/kit/runtime/service-server';
import { IDENTITY_CONFIG } from './identity.config.ts';
import { identityService } from './identity.module.ts';

/** Distributed profile: the identity service as its own process (DATABASE_URL required). */
await startService(identityService, loadConfig(IDENTITY_CONFIG));
