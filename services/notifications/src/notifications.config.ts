import { z } from 'zod';
import type { TConfigOf } from '@stageplein/kit/config/config';
import type { TServiceDeps } from '@stageplein/kit/service';
import { objectStorageKeys } from '@stageplein/kit/object-storage/object-storage.config';

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
  /**
   * The mail queue's Redis (docs/decisions/mail-delivery.md). With MAIL_SMTP_URL it turns mail on: the
   * `mail.requested` consumer and the mail worker run in the process. `npm start` and the test stacks
   * start a Redis and an SMTP catcher of their own when these are unset (infra/stack/src/embedded-mail.ts).
   */
  MAIL_REDIS_URL: z.string().default(''),
  /** The SMTP relay the mail worker sends to: `smtp://host:port`, `smtps://user:pass@host`. */
  MAIL_SMTP_URL: z.string().default(''),
  /** Key prefix of the queue in Redis (tests keep theirs apart). */
  MAIL_QUEUE_PREFIX: z.string().default('bull'),
  /** Mails a second per tenant, across every worker. */
  MAIL_PER_TENANT_PER_SECOND: z.coerce.number().int().min(1).default(50),
  /** Tries of a deferred (4xx) mail in all; the first retry after MAIL_BACKOFF_MS, each next one doubling. */
  MAIL_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(6),
  MAIL_BACKOFF_MS: z.coerce.number().int().min(1).default(60_000),
  /** Soft bounces in a row (each after every try) that suppress an address. */
  MAIL_SOFT_BOUNCE_LIMIT: z.coerce.number().int().min(1).default(3),
  /**
   * Conversations' attachments (kit/object-storage): NOTIFICATIONS_FILE_STORAGE `postgres`
   * (notifications.file_blobs; the default), `filesystem` (NOTIFICATIONS_FILE_DIR) or `s3`
   * (NOTIFICATIONS_S3_*; the distributed profile).
   */
  ...objectStorageKeys('NOTIFICATIONS', {
    dir: '.data/notifications-files',
    bucket: 'stageplein-notifications',
  }),
};

export type TNotificationsConfig = TConfigOf<typeof NOTIFICATIONS_CONFIG>;
export type TNotificationsDeps = TServiceDeps<TNotificationsConfig>;
