import { loadConfig } from '@stageplein/kit/config/config';
import { startService } from '@stageplein/kit/runtime/service-server';
import { NOTIFICATIONS_CONFIG } from './notifications.config.ts';
import { notificationsService } from './notifications.module.ts';

/** Distributed profile: the notifications service as its own process (DATABASE_URL required). */
await startService(notificationsService, loadConfig(NOTIFICATIONS_CONFIG));
