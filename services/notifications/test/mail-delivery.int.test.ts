import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { testRedis } from '@stageplein/testing/redis';
import { startProcess } from '@stageplein/testing/processes';
import { keptMail, type TMailJob, type TMailOutcome } from '../src/delivery/mail-job.ts';
import {
  MAIL_QUEUE,
  mailQueue,
  mailWorker,
  type TMailQueue,
  type TMailWorker,
} from '../src/delivery/mail-queue.ts';
import { smtpSender } from '../src/delivery/smtp.ts';
import { smtpCatcher, type TCaughtMail } from '../src/delivery/smtp-catcher.ts';
import {
  call,
  envelope,
  eventually,
  expectStatus,
  harness,
  publish,
  userWith,
  type THarness,
  type TUser,
} from './harness.ts';
import { testSmtp, type TSmtpBehaviour, type TTestSmtp } from './smtp-test-server.ts';

/**
 * Mail delivery against real parts (docs/decisions/mail-delivery.md): BullMQ on the run's Redis, SMTP
 * through nodemailer to a real SMTP server started here, suppressions in PostgreSQL.
 */
let h: THarness;
let smtp: TTestSmtp;
const redis = testRedis();
const BACKOFF_MS = 200;
const behaviours = new Map<string, (attempt: number) => TSmtpBehaviour>();
const open: { close(): Promise<void> }[] = [];

beforeAll(async () => {
  h = await harness();
  smtp = await testSmtp((to, attempt) => behaviours.get(to)?.(attempt) ?? 'accept');
}, 120_000);
afterEach(async () => {
  for (const o of open.splice(0).reverse()) await o.close();
});
afterAll(async () => {
  await smtp?.close();
  await h?.close();
});

/** A queue and a worker on a prefix of their own; outcomes as the worker reported them. */
function delivery(
  options: {
    attempts?: number;
    perTenantPerSecond?: number;
    softBounceLimit?: number;
    smtpUrl?: string;
  } = {},
) {
  const prefix = `${redis.prefix}${randomUUID().slice(0, 8)}`;
  const outcomes = new Map<string, TMailOutcome>();
  const queue: TMailQueue = mailQueue({
    redisUrl: redis.url,
    prefix,
    retry: { attempts: options.attempts ?? 4, backoffMs: BACKOFF_MS },
  });
  const sender = smtpSender(options.smtpUrl ?? smtp.url);
  const worker: TMailWorker = mailWorker({
    redisUrl: redis.url,
    prefix,
    db: h.deps.db,
    smtp: sender,
    perTenantPerSecond: options.perTenantPerSecond ?? 1000,
    softBounceLimit: options.softBounceLimit ?? 3,
    onOutcome: async (mail, outcome) => void outcomes.set(mail.id, outcome),
  });
  open.push(queue, { close: async () => (await worker.close(), sender.close()) });
  return { queue, worker, outcomes, prefix };
}

const mail = (to: string, overrides: Partial<TMailJob> = {}): TMailJob => ({
  id: randomUUID(),
  tenant: 'demo',
  kind: 'reminder',
  to,
  from: 'Stageplein <no-reply@stageplein.test>',
  subject: 'Uren wachten op je bevestiging',
  text: 'Hallo,\n\nEr wachten uren op je bevestiging.',
  ...overrides,
});
const address = (label: string) => `${label}-${randomUUID().slice(0, 8)}@example.test`;
const suppression = async (tenant: string, to: string) =>
  (
    await sql<{
      soft_bounces: number;
      reason: string | null;
    }>`select soft_bounces, reason from notifications.mail_suppressions
       where tenant_id = ${tenant} and address = ${to}`.execute(h.owner)
  ).rows[0];

/**
 * Waits for the job's state in BullMQ. A worker tells the outcome from inside its processor, before
 * BullMQ moves the job to completed or failed (one more Redis round trip), so a read right after the
 * outcome may still see it active.
 */
const settles = (queue: TMailQueue, id: string, state: 'completed' | 'failed') =>
  eventually(async () => expect(await (await queue.queue.getJob(id))!.getState()).toBe(state));

describe('mail delivery over SMTP through BullMQ', () => {
  it('delivers a mail once per request id, however often it is queued', async () => {
    const { queue, outcomes } = delivery();
    const m = mail(address('accept'));
    await queue.enqueue(m);
    await queue.enqueue(m);
    await eventually(async () => expect(outcomes.get(m.id)).toEqual({ status: 'delivered' }));
    await settles(queue, m.id, 'completed');
    await queue.enqueue(m); // after it was sent: the kept job still recognises the id
    expect(await (await queue.queue.getJob(m.id))!.getState()).toBe('completed');
    expect(smtp.received.filter((r) => r.request === m.id)).toEqual([
      expect.objectContaining({ to: m.to, tenant: 'demo', subject: m.subject }),
    ]);
  });

  it('retries a deferred mail (4xx) with exponential backoff and delivers it', async () => {
    const { queue, outcomes } = delivery({ attempts: 4 });
    const m = mail(address('defer'));
    behaviours.set(m.to, (attempt) => (attempt <= 2 ? 'defer' : 'accept'));
    await queue.enqueue(m);
    await eventually(async () => expect(outcomes.get(m.id)).toEqual({ status: 'delivered' }));
    const at = smtp.tries.filter((t) => t.to === m.to).map((t) => t.at);
    expect(at).toHaveLength(3);
    // BullMQ's exponential backoff: 200 ms, then 400 ms (at least; a loaded machine adds to it).
    expect(at[1]! - at[0]!).toBeGreaterThanOrEqual(BACKOFF_MS);
    expect(at[2]! - at[1]!).toBeGreaterThanOrEqual(2 * BACKOFF_MS);
    expect(smtp.received.filter((r) => r.request === m.id)).toHaveLength(1);
    expect(await suppression('demo', m.to)).toBeUndefined();
  });

  it('fails a rejected mail (5xx) at once and suppresses the address: the next mail is not tried', async () => {
    const { queue, outcomes } = delivery({ attempts: 4 });
    const to = address('reject');
    behaviours.set(to, () => 'reject');
    const first = mail(to);
    await queue.enqueue(first);
    await eventually(async () =>
      expect(outcomes.get(first.id)).toEqual({ status: 'failed', reason: 'hard_bounce' }),
    );
    expect(smtp.tries.filter((t) => t.to === to)).toHaveLength(1); // no retry of a 5xx
    expect(await suppression('demo', to)).toEqual({ soft_bounces: 0, reason: 'hard_bounce' });
    await settles(queue, first.id, 'failed');

    const second = mail(to.toUpperCase());
    await queue.enqueue(second);
    await eventually(async () =>
      expect(outcomes.get(second.id)).toEqual({ status: 'failed', reason: 'suppressed' }),
    );
    expect(smtp.tries.filter((t) => t.to === to)).toHaveLength(1);
    // Another tenant's mail to the same address is its own matter (suppressions are per tenant, RLS).
    const elsewhere = mail(to, { tenant: 'raayland' });
    behaviours.set(to, () => 'accept');
    await queue.enqueue(elsewhere);
    await eventually(async () => expect(outcomes.get(elsewhere.id)).toEqual({ status: 'delivered' }));
  });

  it('keeps no subject, body or link in a finished job: recipient, kind, ids and outcome only', async () => {
    const { queue, outcomes, prefix } = delivery({ attempts: 2 });
    const token = randomUUID();
    const link = `http://demo.localhost:3000/wachtwoord-herstellen?token=${token}`;
    const secret = {
      subject: `Reset ${token}`,
      text: `Nieuw wachtwoord: ${link}`,
      html: `<a href="${link}">x</a>`,
    };
    const ids = { service: 'identity', deliveryId: randomUUID(), userId: randomUUID() };
    const sent = mail(address('accept'), { kind: 'password_reset', ...secret, ...ids });
    const bounced = mail(address('reject'), { kind: 'invitation', ...secret });
    behaviours.set(bounced.to, () => 'reject');
    await queue.enqueueMany([sent, bounced]);
    await eventually(async () => {
      expect(outcomes.get(sent.id)).toEqual({ status: 'delivered' });
      expect(outcomes.get(bounced.id)).toEqual({ status: 'failed', reason: 'hard_bounce' });
    });
    expect(smtp.received.find((r) => r.request === sent.id)?.subject).toBe(secret.subject);
    // Read as Redis holds them, not through BullMQ: nothing of the mail's text is left anywhere in the job.
    const client = new Redis(redis.url);
    open.push({ close: async () => void client.disconnect() });
    const stored = (id: string) => client.hgetall(`${prefix}:${MAIL_QUEUE}:${id}`);
    await eventually(async () => {
      expect(JSON.parse((await stored(sent.id)).data!)).toEqual({
        id: sent.id,
        tenant: 'demo',
        kind: 'password_reset',
        to: sent.to,
        ...ids,
        settled: { status: 'delivered' },
      });
      expect(JSON.parse((await stored(bounced.id)).data!)).toEqual({
        id: bounced.id,
        tenant: 'demo',
        kind: 'invitation',
        to: bounced.to,
        settled: { status: 'failed', reason: 'hard_bounce' },
      });
    });
    await settles(queue, sent.id, 'completed');
    await settles(queue, bounced.id, 'failed');
    for (const job of [sent, bounced]) expect(JSON.stringify(await stored(job.id))).not.toContain(token);
  });

  it('sends nothing again for a job kept as settled (its worker died before finishing it)', async () => {
    const { queue, outcomes } = delivery();
    const m = mail(address('accept'));
    await queue.queue.add('mail', keptMail(m, { status: 'delivered' }) as unknown as TMailJob, {
      jobId: m.id,
    });
    await eventually(async () =>
      expect(await (await queue.queue.getJob(m.id))!.getState()).toBe('completed'),
    );
    expect((await queue.queue.getJob(m.id))!.returnvalue).toEqual({ status: 'delivered' });
    expect(smtp.tries.filter((t) => t.to === m.to)).toEqual([]);
    expect(outcomes.has(m.id)).toBe(false); // told when it settled, not again
  });

  it('suppresses an address after repeated soft bounces, not before', async () => {
    const { queue, outcomes } = delivery({ attempts: 2, softBounceLimit: 2 });
    const to = address('full');
    behaviours.set(to, () => 'defer');
    const first = mail(to);
    await queue.enqueue(first);
    await eventually(async () =>
      expect(outcomes.get(first.id)).toEqual({ status: 'failed', reason: 'deferred' }),
    );
    expect(smtp.tries.filter((t) => t.to === to)).toHaveLength(2);
    expect(await suppression('demo', to)).toEqual({ soft_bounces: 1, reason: null });

    const second = mail(to);
    await queue.enqueue(second);
    await eventually(async () =>
      expect(outcomes.get(second.id)).toEqual({ status: 'failed', reason: 'soft_bounces' }),
    );
    expect(await suppression('demo', to)).toEqual({ soft_bounces: 2, reason: 'soft_bounces' });

    const third = mail(to);
    await queue.enqueue(third);
    await eventually(async () =>
      expect(outcomes.get(third.id)).toEqual({ status: 'failed', reason: 'suppressed' }),
    );
    expect(smtp.tries.filter((t) => t.to === to)).toHaveLength(4);
  });

  it('holds each tenant to its rate without slowing another tenant', async () => {
    const { queue, outcomes } = delivery({ perTenantPerSecond: 5 });
    const busy = Array.from({ length: 20 }, () => mail(address('busy')));
    const other = Array.from({ length: 5 }, () => mail(address('other'), { tenant: 'raayland' }));
    await Promise.all([...busy, ...other].map((m) => queue.enqueue(m)));
    await eventually(async () => expect(outcomes.size).toBe(25), 20_000);
    // The other tenant's five were each taken up once: never sent back to wait by the throttle.
    const takes = async (ms: readonly TMailJob[]) =>
      Promise.all(ms.map(async (m) => (await queue.queue.getJob(m.id))!.attemptsStarted));
    expect(await takes(other)).toEqual([1, 1, 1, 1, 1]);
    const at = (ms: readonly TMailJob[]) =>
      ms.map((m) => smtp.received.find((r) => r.request === m.id)!.at).sort((a, b) => a - b);
    const busyAt = at(busy);
    // 20 mails at 5 a second pass the throttle in four different seconds: over 2 s from the first to
    // the last. Received times add the worker's suppression read and the SMTP round trip, which vary: on
    // a loaded machine they took 15 mails' span (over 1 s at the throttle) to 895 ms, so a second's margin.
    expect(busyAt.at(-1)! - busyAt[0]!).toBeGreaterThan(1000);
    // The other tenant's five went in the first round, not behind the busy tenant's queue.
    expect(at(other).at(-1)!).toBeLessThan(busyAt.at(-1)!);
  });

  it('loses no mail when its worker dies mid-job: another worker delivers it', async () => {
    const prefix = `${redis.prefix}${randomUUID().slice(0, 8)}`;
    const queue = mailQueue({ redisUrl: redis.url, prefix, retry: { attempts: 3, backoffMs: BACKOFF_MS } });
    open.push(queue);
    const m = mail(address('crash'));
    behaviours.set(m.to, (attempt) => (attempt === 1 ? 'hang' : 'accept'));
    const dying = startProcess(
      'mail worker (dies mid-job)',
      'services/notifications/test/fixtures/mail-worker-process.ts',
      {
        REDIS_URL: redis.url,
        QUEUE_PREFIX: prefix,
        DATABASE_URL: h.platform.ownerUrl,
        SMTP_URL: smtp.url,
      },
    );
    try {
      await dying.waitFor(/^ready$/);
      await queue.enqueue(m);
      await dying.waitFor(new RegExp(`^active ${m.id}$`));
      await smtp.hung(m.to); // the message is on the wire, its answer never comes
    } finally {
      await dying.kill();
    }
    expect(await (await queue.queue.getJob(m.id))!.getState()).toBe('active');

    const outcomes = new Map<string, TMailOutcome>();
    const sender = smtpSender(smtp.url);
    const survivor = mailWorker({
      redisUrl: redis.url,
      prefix,
      db: h.deps.db,
      smtp: sender,
      perTenantPerSecond: 1000,
      softBounceLimit: 3,
      lockDurationMs: 1500,
      stalledIntervalMs: 500,
      onOutcome: async (job, outcome) => void outcomes.set(job.id, outcome),
    });
    open.push({ close: async () => (await survivor.close(), sender.close()) });
    await eventually(async () => expect(outcomes.get(m.id)).toEqual({ status: 'delivered' }), 20_000);
    await settles(queue, m.id, 'completed');
    // Counted once completed: no later take of the job can send it again.
    expect(smtp.received.filter((r) => r.request === m.id)).toHaveLength(1);
  }, 60_000);

  it('keeps what the embedded profile sends as the SMTP catcher received it, an .eml file per tenant', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'mail-catcher-'));
    const caught: TCaughtMail[] = [];
    const catcher = await smtpCatcher({ dir, onMail: (m) => void caught.push(m) });
    open.push({
      close: async () => (await catcher.close(), await rm(dir, { recursive: true, force: true })),
    });
    const { queue, outcomes } = delivery({ smtpUrl: catcher.url });
    const m = mail('Student@example.test', {
      subject: 'Je wachtwoord opnieuw instellen – één link',
      tenant: 'raayland',
    });
    await queue.enqueue(m);
    await eventually(async () => expect(outcomes.get(m.id)).toEqual({ status: 'delivered' }));
    await eventually(async () => expect(caught).toHaveLength(1));
    expect(caught[0]).toMatchObject({ tenant: 'raayland', to: ['Student@example.test'] });
    const files = await readdir(path.join(dir, 'raayland'));
    expect(files).toEqual([expect.stringMatching(new RegExp(`-${m.id}\\.eml$`))]);
    const eml = await readFile(path.join(dir, 'raayland', files[0]!), 'utf8');
    expect(eml).toMatch(/^X-Stageplein-Kind: reminder$/m);
    expect(eml).toMatch(/^Message-ID: <.+@stageplein>$/im);
    expect(eml).toContain('Er wachten uren op je bevestiging.');
  });
});

describe('the bounce warning on a person’s page', () => {
  it('a 5xx shows the school admin of that student the address, reason and since when; nobody else; a corrected address clears it', async () => {
    const school = randomUUID();
    const [student, schoolAdmin, mentor, otherAdmin, elsewhere] = await Promise.all([
      userWith(h, 'student', school, 'School'),
      userWith(h, 'admin', school, 'School'),
      userWith(h, 'mentor', school, 'School'),
      userWith(h, 'admin', randomUUID(), 'School'),
      // The same school's id in another tenant: nothing of demo's is theirs.
      userWith(h, 'admin', school, 'School', 'stageplein'),
    ]);
    const to = address('gone');
    const addressed = (email: string) =>
      envelope('identity.user.updated', student.id, {
        user_id: student.id,
        email,
        first_name: 'Sam',
        last_name: 'Jansen',
        gender: null,
        status: 'active',
        locale: 'nl',
        periodic_mail_frequency: 'never',
      });
    await publish(h, addressed(to));
    const warning = (as: TUser) =>
      call(h.app, { method: 'GET', url: `/api/v1/mail_bounces/${student.id}`, headers: as.headers });
    const before = await warning(schoolAdmin);
    expectStatus(before, 200);
    expect(before.json().data).toBeNull();

    const { queue, outcomes } = delivery();
    behaviours.set(to, () => 'reject');
    const m = mail(to, { userId: student.id });
    await queue.enqueue(m);
    await eventually(async () =>
      expect(outcomes.get(m.id)).toEqual({ status: 'failed', reason: 'hard_bounce' }),
    );
    const shown = await warning(schoolAdmin);
    expectStatus(shown, 200);
    expect(shown.json().data).toMatchObject({
      type: 'mail_bounce',
      id: student.id,
      attributes: { address: to, reason: 'hard_bounce', response: expect.stringMatching(/^550/) },
    });
    expect(Date.parse(shown.json().data.attributes.since)).not.toBeNaN();
    for (const other of [mentor, otherAdmin, elsewhere, student]) expectStatus(await warning(other), 404);

    await publish(h, addressed(address('fixed')));
    const cleared = await warning(schoolAdmin);
    expectStatus(cleared, 200);
    expect(cleared.json().data).toBeNull();
  });
});
