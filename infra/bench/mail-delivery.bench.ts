// Mail delivery (issue #35): notifications' mail worker (BullMQ on Redis, its per-tenant throttle and
// suppression check in PostgreSQL, nodemailer over SMTP) against a bare BullMQ producer/worker pair
// sending the same mails through the same nodemailer settings, in alternating rounds of one run, both to
// one local SMTP server that takes every message and keeps nothing.
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { cpus, loadavg } from 'node:os';
import { Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import nodemailer from 'nodemailer';
import { SMTPServer } from 'smtp-server';
import { startRedisServer } from '@stageplein/engines/redis';
import { createDb, createPool } from '@stageplein/kit/db/database';
import type { TMailJob } from '@stageplein/notifications/delivery/mail-job';
import { mailQueue, mailWorker } from '@stageplein/notifications/delivery/mail-queue';
import { smtpSender } from '@stageplein/notifications/delivery/smtp';
import { recordResult, withSeededDatabase } from './bench-lib.ts';

const MAILS = Number(process.env.BENCH_MAILS ?? 2000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONCURRENCY = 10;
const CONNECTIONS = 5;
const TITLE = 'Mail worker → SMTP (notifications vs bare BullMQ pair)';

const mailsFor = (round: string): TMailJob[] =>
  Array.from({ length: MAILS }, (_, i) => ({
    id: randomUUID(),
    tenant: i % 2 ? 'demo' : 'raayland',
    kind: 'reminder',
    to: `student-${round}-${i}@example.test`,
    from: 'Stageplein <no-reply@stageplein.localhost>',
    subject: 'Uren wachten op je bevestiging',
    text: `Hallo,\n\nEr wachten uren op je bevestiging (${i}).\n\nStageplein`,
  }));

/** Seconds from the first add to the last completed job. */
async function timed(add: () => Promise<void>, done: Promise<void>): Promise<number> {
  const started = performance.now();
  await add();
  await done;
  return (performance.now() - started) / 1000;
}

function completions(worker: Worker, n: number): Promise<void> {
  let seen = 0;
  return new Promise((resolve, reject) => {
    worker.on('completed', () => ++seen === n && resolve());
    worker.on('failed', (job, error) => reject(new Error(`job ${job?.id} failed: ${error.message}`)));
  });
}

async function bareRound(redisUrl: string, smtpUrl: string, mails: TMailJob[]): Promise<number> {
  const prefix = `bare-${randomUUID().slice(0, 8)}`;
  const connection = new Redis(redisUrl, { maxRetriesPerRequest: null });
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    pool: true,
    maxConnections: CONNECTIONS,
  } as never);
  const queue = new Queue<TMailJob>('bare-mail', { connection, prefix });
  const workerConnection = new Redis(redisUrl, { maxRetriesPerRequest: null });
  const worker = new Worker<TMailJob>(
    'bare-mail',
    async (job) => {
      const m = job.data;
      await transport.sendMail({ from: m.from, to: m.to, subject: m.subject, text: m.text });
    },
    { connection: workerConnection, prefix, concurrency: CONCURRENCY },
  );
  const seconds = await timed(
    async () =>
      void (await Promise.all(
        mails.map((m) =>
          queue.add('mail', m, { jobId: m.id, attempts: 5, backoff: { type: 'exponential', delay: 1000 } }),
        ),
      )),
    completions(worker, mails.length),
  );
  await worker.close();
  await queue.close();
  transport.close();
  connection.disconnect();
  workerConnection.disconnect();
  return mails.length / seconds;
}

async function productRound(
  redisUrl: string,
  smtpUrl: string,
  db: ReturnType<typeof createDb>,
  mails: TMailJob[],
): Promise<number> {
  const prefix = `ours-${randomUUID().slice(0, 8)}`;
  const queue = mailQueue({ redisUrl, prefix, retry: { attempts: 5, backoffMs: 1000 } });
  const sender = smtpSender(smtpUrl, { maxConnections: CONNECTIONS });
  const handle = mailWorker({
    redisUrl,
    prefix,
    db,
    smtp: sender,
    // High enough not to hold the run back: the throttle's Redis counter is still paid per mail.
    perTenantPerSecond: 100_000,
    softBounceLimit: 3,
    concurrency: CONCURRENCY,
  });
  const seconds = await timed(
    async () => void (await Promise.all(mails.map((m) => queue.enqueue(m)))),
    completions(handle.worker, mails.length),
  );
  await handle.close();
  await queue.close();
  sender.close();
  return mails.length / seconds;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

await withSeededDatabase('mail-delivery-bench', async (ownerUrl) => {
  // The pinned redis-server of the tests (infra/engines/redis), in memory.
  const redis = await startRedisServer();
  let received = 0;
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      stream.on('data', () => undefined);
      stream.on('end', () => (received++, callback()));
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
  const redisUrl = redis.url;
  const probe = new Redis(redisUrl, { maxRetriesPerRequest: null });
  await probe.ping();
  probe.disconnect();
  const pool = createPool(ownerUrl, 10);
  const db = createDb(pool);
  const loadStart = loadavg()[0]!;
  const bare: number[] = [];
  const ours: number[] = [];
  try {
    for (let round = 0; round < ROUNDS; round++) {
      bare.push(await bareRound(redisUrl, smtpUrl, mailsFor(`b${round}`)));
      ours.push(await productRound(redisUrl, smtpUrl, db, mailsFor(`o${round}`)));
      console.log(
        `round ${round + 1}: bare ${Math.round(bare.at(-1)!)} mails/s, notifications ${Math.round(ours.at(-1)!)} mails/s (load ${loadavg()[0]!.toFixed(1)})`,
      );
    }
  } finally {
    await pool.end();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    await redis.stop();
  }
  const loadEnd = loadavg()[0]!;
  if (received !== 2 * ROUNDS * MAILS)
    throw new Error(`the SMTP server took ${received} mails, not ${2 * ROUNDS * MAILS}`);
  const ratio = median(ours) / median(bare);
  const result = `${Math.round(median(ours))} mails/s (target 200), ${ratio.toFixed(2)}× the bare BullMQ pair's ${Math.round(median(bare))} (target 0.5×)`;
  const body = [
    `${MAILS} mails a round, ${ROUNDS} alternating rounds (median), each side its own queue on one Redis (the pinned redis-server the tests use, in memory) and the same loopback SMTP server (smtp-server, keeps nothing); both workers concurrency ${CONCURRENCY}, nodemailer pooled with ${CONNECTIONS} connections, the same attempts and backoff. Ours also pays per mail the tenant throttle's Redis counter (limit set out of reach) and the suppression read in PostgreSQL (one tenant transaction).`,
    '',
    `| round | bare pair (mails/s) | notifications (mails/s) |`,
    `|---|---|---|`,
    ...bare.map((b, i) => `| ${i + 1} | ${Math.round(b)} | ${Math.round(ours[i]!)} |`),
    '',
    `Load average ${loadStart.toFixed(1)} at the start and ${loadEnd.toFixed(1)} at the end on ${cpus().length} cores (shared machine).`,
  ].join('\n');
  console.log(`\n${TITLE}\n${body}\n${result}`);
  recordResult(TITLE, { result, load: `${loadStart.toFixed(1)}–${loadEnd.toFixed(1)}` });
});
