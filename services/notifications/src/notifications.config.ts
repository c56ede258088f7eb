import { z } from 'zod';
import type { TConfigOf } from '@stageplein/kit/config/config';
import type { TServiceDeps } from '@stageplein/kit/service';

/**
 * Notifications' own configuration keys; the kit's keys come with every process. Parsed once at boot by
 * whoever runs notifications: `loadConfig(NOTIFICATIONS_CONFIG)`.
 */
export const NOTIFICATIONS_CONFIG = {
  /**
   * How often the portal asks for the unread count (docs/decisions/notifications.md "Live"): the
   * service says it in the count's `meta.poll_seconds`, so a change needs no new portal build.
   */
  NOTIFICATIONS_POLL_SECONDS: z.coerce.number().int().min(2).max(300).default(15),
};

export type TNotificationsConfig = TConfigOf<typeof NOTIFICATIONS_CONFIG>;
export type TNotificationsDeps = TServiceDeps<TNotificationsConfig>;
