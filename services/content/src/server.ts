import { loadConfig } from '@stageplein/kit/config/config';
import { startService } from '@stageplein/kit/runtime/service-server';
import { CONTENT_CONFIG } from './content.config.ts';
import { contentService } from './content.module.ts';

/** Distributed profile: the content service as its own process (DATABASE_URL required). */
await startService(contentService, loadConfig(CONTENT_CONFIG));
