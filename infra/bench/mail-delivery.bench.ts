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
import { answerOutcomes } from '@stageplein/notifications/mail/mail.runtime';
import { cpuTicks, postgresPids, recordResult, withSeededDatabase } from './bench-lib.ts';

const MAILS = Number(process.env.BENCH_MAILS ?? 2000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONCURRENCY = 10;
const CONNECTIONS = 5;
const TITLE = 'Mail worker → SMTP (notifications vs bare BullMQ pair)';
const DB_NAME = 'mail-delivery-bench';
const TICK_MICROS = 1e6 / 100; // /proc's clock ticks (USER_HZ)

/** What a round cost: CPU of this process (producer, worker, SMTP server), Redis and PostgreSQL, Redis commands. */
interface TCost {
  node: number;
  redis: number;
  postgres: number;
  commands: number;
}

/** Redis's own CPU (seconds) and commands so far, from INFO. */
async function redisCounters(redisUrl: string): Promise<{ cpu: number; commands: number }> {
  const probe = new Redis(redisUrl, { maxRetriesPerRequest: null });
  const info = await probe.info();
  probe.disconnect();
  const field = (name: string) => Number(new RegExp(`^${name}:([\\d.]+)`, 'm').exec(info)![1]);
  return { cpu: field('used_cpu_user') + field('used_cpu_sys'), commands: field('total_commands_processed') };
}

/** Runs `round` and gives its cost per mail (µs of CPU per process kind, Redis commands). */
async function costed<T>(redisUrl: string, mails: number, round: () => Promise<T>): Promise<[T, TCost]> {
  // Per process: a backend that ends during the round takes its ticks with it, one that starts counts whole.
  const pgTicks = () => new Map(postgresPids(DB_NAME).map((pid) => [pid, cpuTicks(pid)]));
  const redis0 = await redisCounters(redisUrl);
  const pg0 = pgTicks();
  const node0 = process.cpuUsage();
  const result = await round();
  const node = process.cpuUsage(node0);
  const pg = [...pgTicks()].reduce((sum, [pid, ticks]) => sum + Math.max(0, ticks - (pg0.get(pid) ?? 0)), 0);
  const redis1 = await redisCounters(redisUrl);
  return [
    result,
    {
      node: (node.user + node.system) / mails,
      redis: ((redis1.cpu - redis0.cpu) * 1e6) / mails,
      postgres: (pg * TICK_MICROS) / mails,
      // The INFO of this measurement is one of them.
      commands: (redis1.commands - redis0.commands - 1) / mails,
    },
  ];
}
const cpuOf = (c: TCost) => c.node + c.redis + c.postgres;

const mailsFor = (round: string): TMailJob[] =>
  Array.from({ length: MAILS }, (_, i) => ({
    id: randomUUID(),
    tenant: i % 2 ? 'demo' : 'raayland',
    kind: 'reminder',
    to: `student-${round}-${i}@example.test`,
    from: 'Stageplein <no-reply@stageplein.localhost>',
    subject: 'Uren wachten op je bevestiging',
    text: `Hallo,\n\nEr wachten uren op je bevestiging (${i}).\n\nStageplein`,
    // Requested by a service, as every mail is: ours answers it (outbox) as production does.
    service: 'placements',
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
    onOutcome: answerOutcomes(db, () => new Date()),
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

await withSeededDatabase(DB_NAME, async (ownerUrl) => {
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
  const bareCost: TCost[] = [];
  const ourCost: TCost[] = [];
  const us = (c: TCost) =>
    `CPU ${Math.round(cpuOf(c))} µs/mail (node ${Math.round(c.node)}, redis ${Math.round(c.redis)}, postgres ${Math.round(c.postgres)}), ${c.commands.toFixed(1)} Redis commands/mail`;
  try {
    for (let round = 0; round < ROUNDS; round++) {
      const [b, bc] = await costed(redisUrl, MAILS, () =>
        bareRound(redisUrl, smtpUrl, mailsFor(`b${round}`)),
      );
      bare.push(b);
      bareCost.push(bc);
      const [o, oc] = await costed(redisUrl, MAILS, () =>
        productRound(redisUrl, smtpUrl, db, mailsFor(`o${round}`)),
      );
      ours.push(o);
      ourCost.push(oc);
      console.log(
        `round ${round + 1} (load ${loadavg()[0]!.toFixed(1)}): bare ${Math.round(b)} mails/s, ${us(bc)}; notifications ${Math.round(o)} mails/s, ${us(oc)}`,
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
  const cpuBare = median(bareCost.map(cpuOf));
  const cpuOurs = median(ourCost.map(cpuOf));
  // CPU per mail moves far less with the machine's load than mails/s: 1 s / CPU per mail is what one
  // free core would send (all processes on it), the load-independent side of the comparison.
  const result = `${Math.round(median(ours))} mails/s (target 200), ${ratio.toFixed(2)}× the bare BullMQ pair's ${Math.round(median(bare))} (target 0.5×); CPU per mail (all processes) ${Math.round(cpuOurs)} µs vs ${Math.round(cpuBare)} µs (${(cpuBare / cpuOurs).toFixed(2)}×), ${Math.round(1e6 / cpuOurs)} vs ${Math.round(1e6 / cpuBare)} mails per CPU-second`;
  const body = [
    `${MAILS} mails a round, ${ROUNDS} alternating rounds (median), each side its own queue on one Redis (the pinned redis-server the tests use, in memory) and the same loopback SMTP server (smtp-server, keeps nothing); both workers concurrency ${CONCURRENCY}, nodemailer pooled with ${CONNECTIONS} connections, the same attempts and backoff. Ours also pays per mail the tenant throttle's Redis counter (limit set out of reach) and the suppression read in PostgreSQL (one tenant transaction).`,
    '',
    `| round | bare pair (mails/s) | notifications (mails/s) | bare CPU µs/mail (node/redis/pg) | ours CPU µs/mail (node/redis/pg) | Redis commands/mail bare, ours |`,
    `|---|---|---|---|---|---|`,
    ...bare.map((b, i) => {
      const [bc, oc] = [bareCost[i]!, ourCost[i]!];
      const parts = (c: TCost) =>
        `${Math.round(cpuOf(c))} (${Math.round(c.node)}/${Math.round(c.redis)}/${Math.round(c.postgres)})`;
      return `| ${i + 1} | ${Math.round(b)} | ${Math.round(ours[i]!)} | ${parts(bc)} | ${parts(oc)} | ${bc.commands.toFixed(1)}, ${oc.commands.toFixed(1)} |`;
    }),
    '',
    `Load average ${loadStart.toFixed(1)} at the start and ${loadEnd.toFixed(1)} at the end on ${cpus().length} cores (shared machine).`,
  ].join('\n');
  console.log(`\n${TITLE}\n${body}\n${result}`);
  recordResult(TITLE, { result, load: `${loadStart.toFixed(1)}–${loadEnd.toFixed(1)}` });
});
