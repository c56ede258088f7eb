import { parseConfig } from '@stageplein/kit/config/config';
import { startService } from '@stageplein/kit/runtime/service-server';
import { identityService } from './identity.module.ts';

/** Distributed profile: the identity service as its own process (DATABASE_URL required). */
await startService(identityService, parseConfig());
