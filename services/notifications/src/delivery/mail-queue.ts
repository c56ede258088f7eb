import { DelayedError, Queue, UnrecoverableError, Worker, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import { setTenant } from '@stageplein/kit/db/rls';
import type { TDb } from '../shared/request.ts';
import type { TMailSuppressionRow } from './suppressions.table.ts';
import { isKept, keptMail, type TMailJob, type TMailOutcome, type TQueuedMail } from './mail-job.ts';
import { bounceOf, type TSmtpSender } from './smtp.ts';
import { batched } from './batched.ts';
import { addressKey, findSuppressions, recordBounce, recordDelivered } from './suppressions.repository.ts';

export const MAIL_QUEUE = 'notifications-mail';

/** How the queue retries (docs/decisions/mail-delivery.md). */
export interface TMailRetry {
  /** Tries in all, the first included. */
  attempts: number;
  /** The first retry's delay; each next one doubles it (BullMQ's exponential backoff). */
  backoffMs: number;
}

export interface TMailQueue {
  /** Queues a mail once: a job id that exists already (queued, done or failed) adds nothing. */
  enqueue(mail: TMailJob): Promise<void>;
  /** Queues several at once (one round trip to Redis), each once like `enqueue`. */
  enqueueMany(mails: readonly TMailJob[]): Promise<void>;
  close(): Promise<void>;
  queue: Queue<TMailJob>;
}

const connect = (url: string) => new Redis(url, { maxRetriesPerRequest: null });

export function mailQueue(options: { redisUrl: string; prefix?: string; retry: TMailRetry }): TMailQueue {
  const connection = connect(options.redisUrl);
  const queue = new Queue<TMailJob>(MAIL_QUEUE, { connection, prefix: options.prefix ?? 'bull' });
  const optionsOf = (mail: TMailJob) => ({
    jobId: mail.id,
    attempts: options.retry.attempts,
    backoff: { type: 'exponential', delay: options.retry.backoffMs },
    // Kept for a week after the last try, so a repeated request within it is recognised; only its
    // recipient, kind, ids and outcome are kept (the worker drops subject and body once it is final).
    removeOnComplete: { age: 7 * 24 * 3600 },
    removeOnFail: { age: 7 * 24 * 3600 },
  });
  return {
    queue,
    async enqueue(mail) {
      await queue.add('mail', mail, optionsOf(mail));
    },
    async enqueueMany(mails) {
      if (mails.length === 0) return;
      await queue.addBulk(mails.map((mail) => ({ name: 'mail', data: mail, opts: optionsOf(mail) })));
    },
    async close() {
      await queue.close();
      connection.disconnect();
    },
  };
}

export interface TMailWorkerOptions {
  redisUrl: string;
  prefix?: string;
  /** The app role's database: suppressions are read and written in the job's tenant. */
  db: Kysely<unknown>;
  smtp: TSmtpSender;
  /** Mails a second per tenant, across every worker sharing the Redis. */
  perTenantPerSecond: number;
  /** Soft bounces in a row (each after every retry) that suppress the address. */
  softBounceLimit: number;
  concurrency?: number;
  /** How long a job's lock lives without renewal: a worker that died is noticed after about this long. */
  lockDurationMs?: number;
  stalledIntervalMs?: number;
  now?: () => Date;
  /** Told once a job's outcome is final (may be told again if the worker dies right after). */
  onOutcome?: (mail: TMailJob, outcome: TMailOutcome) => Promise<void>;
}

export interface TMailWorker {
  worker: Worker<TQueuedMail>;
  close(): Promise<void>;
}

async function inTenant<T>(db: Kysely<unknown>, tenant: string, run: (trx: TDb) => Promise<T>): Promise<T> {
  return (db as TDb).transaction().execute(async (trx) => {
    await setTenant(trx, tenant);
    return run(trx);
  });
}

/**
 * The mail worker: takes jobs off the queue, holds to the tenant's throttle, skips suppressed
 * addresses, sends over SMTP; a 4xx (or a lost connection) is thrown so BullMQ retries with backoff, a
 * 5xx suppresses the address and ends the job. A job whose worker died is taken up again by another
 * worker once its lock expires (BullMQ's stalled-job check): delivery is at least once.
 */
export function mailWorker(options: TMailWorkerOptions): TMailWorker {
  const connection = connect(options.redisUrl);
  const counter = connect(options.redisUrl);
  const prefix = options.prefix ?? 'bull';
  const now = options.now ?? (() => new Date());
  /**
   * The outcome is final: told, then the job keeps only what audit needs (no subject or body, so no
   * sign-in or reset link stays in Redis for the week the job is kept).
   */
  const finish = async (job: Job<TQueuedMail>, mail: TMailJob, outcome: TMailOutcome) => {
    await options.onOutcome?.(mail, outcome);
    await job.updateData(keptMail(mail, outcome));
    return outcome;
  };

  type TThrottle = { ok: true } | { ok: false; retryAt: number };
  /**
   * Whether each of a tenant's mails of a batch (`batched`) may go this second: one shared counter per
   * tenant and second, raised by the batch's count at once; the mails whose place is over the limit wait.
   */
  const withinThrottle = batched<null, TThrottle>(async (tenant, mails) => {
    const second = Math.floor(Date.now() / 1000);
    const k = `${prefix}:${MAIL_QUEUE}:throttle:${tenant}:${second}`;
    const [[, count]] = (await counter.multi().incrby(k, mails.length).expire(k, 2).exec()) as [
      [null, number],
      unknown,
    ];
    const first = count - mails.length + 1;
    return mails.map((_, i) =>
      first + i <= options.perTenantPerSecond
        ? { ok: true }
        : { ok: false, retryAt: (second + 1) * 1000 + Math.floor(Math.random() * 200) },
    );
  });

  /** The suppression rows of a batch of a tenant's addresses, read in one transaction. */
  const suppressionOf = batched<string, TMailSuppressionRow | undefined>(async (tenant, addresses) => {
    const rows = await inTenant(options.db, tenant, (db) => findSuppressions(db, addresses));
    return addresses.map((a) => rows.get(addressKey(a)));
  });

  const process = async (job: Job<TQueuedMail>, token?: string): Promise<TMailOutcome> => {
    // Settled before its worker died (kept, not yet finished): told already, nothing left to send.
    if (isKept(job.data)) {
      const { settled } = job.data;
      if (settled.status === 'failed') throw new UnrecoverableError(settled.reason);
      return settled;
    }
    const mail = job.data;
    const throttle = await withinThrottle(mail.tenant, null);
    if (!throttle.ok) {
      // Over the tenant's rate: back to the delayed set without using up a try.
      await job.moveToDelayed(throttle.retryAt, token);
      throw new DelayedError();
    }
    const suppressed = await suppressionOf(mail.tenant, mail.to);
    if (suppressed?.suppressed_at) return finish(job, mail, { status: 'failed', reason: 'suppressed' });
    try {
      await options.smtp.send(mail);
    } catch (error) {
      const bounce = bounceOf(error);
      const lastTry = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
      if (bounce.kind === 'soft' && !lastTry) throw error;
      const reason = await inTenant(options.db, mail.tenant, (db) =>
        recordBounce(db, mail.tenant, mail.to, {
          ...bounce,
          softLimit: options.softBounceLimit,
          now: now(),
        }),
      );
      await finish(job, mail, {
        status: 'failed',
        reason:
          bounce.kind === 'hard' ? 'hard_bounce' : reason === 'soft_bounces' ? 'soft_bounces' : 'deferred',
      });
      throw new UnrecoverableError(bounce.response);
    }
    // Only an address with soft bounces counted has something to reset: most mails write nothing.
    if (suppressed && suppressed.soft_bounces > 0)
      await inTenant(options.db, mail.tenant, (db) => recordDelivered(db, mail.to, now()));
    return finish(job, mail, { status: 'delivered' });
  };

  const worker = new Worker<TQueuedMail, TMailOutcome>(MAIL_QUEUE, process, {
    connection,
    prefix,
    concurrency: options.concurrency ?? 10,
    lockDuration: options.lockDurationMs ?? 30_000,
    stalledInterval: options.stalledIntervalMs ?? 30_000,
  });
  // Failures are the job's record (BullMQ keeps them); without a listener the worker would log nothing.
  worker.on('error', () => undefined);
  // A job that failed for good on something else than SMTP (its database was away on the last try):
  // its subject and body go too. Best effort: the record stays when Redis is away as well.
  worker.on('failed', (job) => {
    if (job?.finishedOn && !isKept(job.data))
      job.updateData(keptMail(job.data, { status: 'failed', reason: 'error' })).catch(() => undefined);
  });
  return {
    worker,
    async close() {
      await worker.close();
      connection.disconnect();
      counter.disconnect();
    },
  };
}
