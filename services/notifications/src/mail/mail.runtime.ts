import {
  MAIL_REQUESTED_TYPES,
  MAIL_REQUESTING_SERVICES,
  ZMailRequested,
  type TMailRequestingService,
} from '@stageplein/contracts/events/mail';
import type { Kysely } from 'kysely';
import { setTenant } from '@stageplein/kit/db/rls';
import type { TConsumer } from '@stageplein/kit/outbox/transport';
import { useCaseConsumer } from '@stageplein/kit/outbox/use-case-consumer';
import { SCHEMA, type TNotificationsDb } from '../database.ts';
import type { TEventEnvelope } from '@stageplein/contracts/events/envelope';
import type { TMailJob, TMailOutcome } from '../delivery/mail-job.ts';
import { mailQueue, mailWorker, type TMailQueue } from '../delivery/mail-queue.ts';
import { batched } from '../delivery/batched.ts';
import { smtpSender } from '../delivery/smtp.ts';
import type { TNotificationsConfig, TNotificationsDeps } from '../notifications.config.ts';
import type { TDb } from '../shared/request.ts';
import { answerMailRequests, queueRequestedMails } from './mail-requests.service.ts';
import { holdBounced } from './held-mails.ts';

/** Mail runs where both its Redis and its SMTP relay are configured (docs/decisions/mail-delivery.md). */
export const mailEnabled = (config: TNotificationsConfig): boolean =>
  Boolean(config.MAIL_REDIS_URL && config.MAIL_SMTP_URL);

const retryOf = (config: TNotificationsConfig) => ({
  attempts: config.MAIL_ATTEMPTS,
  backoffMs: config.MAIL_BACKOFF_MS,
});

/** One queue per running platform (its deps), opened on first use by the consumer. */
const queues = new WeakMap<TNotificationsDeps, TMailQueue>();
export const queueOf = (deps: TNotificationsDeps): TMailQueue => {
  let queue = queues.get(deps);
  if (!queue) {
    queue = mailQueue({
      redisUrl: deps.config.MAIL_REDIS_URL,
      prefix: deps.config.MAIL_QUEUE_PREFIX,
      retry: retryOf(deps.config),
    });
    queues.set(deps, queue);
  }
  return queue;
};

const requestOf = (event: TEventEnvelope) => ({
  service: MAIL_REQUESTING_SERVICES.find((s) => event.type === `${s}.mail.requested`)!,
  request: ZMailRequested.parse(event.data),
});

/**
 * Every service's mail requests, once per event id (kit's idempotent consumer): rendered and queued,
 * or answered `failed` at once (docs/decisions/mail-requests.md). A batch's requests of one tenant go
 * together: their users, choices and templates read once, their jobs added to the queue at once.
 */
export const mailRequestsConsumer = (deps: TNotificationsDeps): TConsumer => {
  const enqueue = (jobs: TMailJob[]) => queueOf(deps).enqueueMany(jobs);
  return useCaseConsumer<TNotificationsDb, TNotificationsConfig>(deps, {
    schema: SCHEMA,
    group: `${SCHEMA}.mail-requests`,
    types: MAIL_REQUESTED_TYPES,
    run: (ctx, event) => queueRequestedMails(ctx, [requestOf(event)], enqueue),
    runMany: (ctx, events) => queueRequestedMails(ctx, events.map(requestOf), enqueue),
  });
};

/**
 * Tells each requesting service how its mail ended; a suppressed address's mail (not a deferral, which
 * may pass later) is held for a corrected one. A batch of a tenant's outcomes (`batched`) goes in one
 * transaction: one outbox write for them all instead of a transaction per mail. Each job
 * completes only once its outcome is committed, so a worker that dies before that tells it again.
 */
export function answerOutcomes(
  db: Kysely<unknown>,
  now: () => Date,
): (mail: TMailJob, outcome: TMailOutcome) => Promise<void> {
  const answer = batched<{ mail: TMailJob; outcome: TMailOutcome }, void>(async (tenant, settled) => {
    await (db as TDb).transaction().execute(async (trx) => {
      await setTenant(trx, tenant);
      for (const { mail, outcome } of settled)
        if (outcome.status === 'failed' && outcome.reason !== 'deferred') await holdBounced(trx, mail, now());
      await answerMailRequests(
        trx,
        tenant,
        settled.map(({ mail, outcome }) => ({
          deliveryId: mail.deliveryId ?? mail.id,
          service: mail.service as TMailRequestingService,
          outcome,
        })),
      );
    });
    return settled.map(() => undefined);
  });
  return async (mail, outcome) => {
    if (mail.service) await answer(mail.tenant, { mail, outcome });
  };
}

/**
 * The mail worker in this process: takes the queue's jobs, sends them over SMTP and answers each
 * requesting service once the outcome is final. Returns the function that stops worker and queue.
 */
export async function startMail(deps: TNotificationsDeps): Promise<() => Promise<void>> {
  const config = deps.config;
  const smtp = smtpSender(config.MAIL_SMTP_URL);
  const worker = mailWorker({
    redisUrl: config.MAIL_REDIS_URL,
    prefix: config.MAIL_QUEUE_PREFIX,
    db: deps.db,
    smtp,
    perTenantPerSecond: config.MAIL_PER_TENANT_PER_SECOND,
    softBounceLimit: config.MAIL_SOFT_BOUNCE_LIMIT,
    now: deps.now,
    onOutcome: answerOutcomes(deps.db, deps.now ?? (() => new Date())),
  });
  return async () => {
    await worker.close();
    smtp.close();
    await queues.get(deps)?.close();
    queues.delete(deps);
  };
}
