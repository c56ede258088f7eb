import type { Kysely } from 'kysely';
import type {
  TNotificationDigestInput,
  TNotificationDigestSummary,
} from '@stageplein/contracts/workflows/names';
import type { TMailJob } from './delivery/mail-job.ts';
import { mailQueue, type TMailQueue } from './delivery/mail-queue.ts';
import { sendTenantDigests } from './digest/digest.service.ts';
import { mailEnabled } from './mail/mail.runtime.ts';
import type { TNotificationsConfig } from './notifications.config.ts';

export interface TNotificationsActivityDeps {
  /** RLS-bound app-role database; every activity sets the tenant per transaction. */
  db: Kysely<unknown>;
  config: TNotificationsConfig;
  /** The mail queue (`activityMailQueue`); none: mail is not configured and no digest is sent or claimed. */
  enqueue?: (job: TMailJob) => Promise<void>;
  now?: () => Date;
}

/** The mail queue the worker's activities queue to, when mail is configured; the worker closes it. */
export const activityMailQueue = (config: TNotificationsConfig): TMailQueue | undefined =>
  mailEnabled(config)
    ? mailQueue({
        redisUrl: config.MAIL_REDIS_URL,
        prefix: config.MAIL_QUEUE_PREFIX,
        retry: { attempts: config.MAIL_ATTEMPTS, backoffMs: config.MAIL_BACKOFF_MS },
      })
    : undefined;

/**
 * The Temporal activities notifications owns (`@stageplein/notifications/activities`); the worker
 * composes them with the other services' activities.
 */
export function createActivities(deps: TNotificationsActivityDeps) {
  return {
    /**
     * One tenant's periodic mail as of `at` (the run's scheduled time, ISO): the digests due that day,
     * each person's once per period (docs/decisions/notifications.md "Digest").
     */
    async sendTenantDigests(input: Required<TNotificationDigestInput>): Promise<TNotificationDigestSummary> {
      if (!deps.enqueue) return { tenant: input.tenant, periods: [], sent: 0, empty: 0, already: 0 };
      return sendTenantDigests(
        { db: deps.db, config: deps.config, now: deps.now, enqueue: deps.enqueue },
        input,
      );
    },
  };
}

export type TNotificationsActivities = ReturnType<typeof createActivities>;
