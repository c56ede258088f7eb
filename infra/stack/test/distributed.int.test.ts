import { execFile } from 'node:child_process';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { seedOrganizationId } from '@stageplein/contracts/domain/seed-ids';
import type { TEventEnvelope } from '@stageplein/contracts/events/envelope';
import { seedVacancyId } from '@stageplein/placements/vacancies/vacancies.seed';
import { SERVICES } from '../src/services.ts';
import { generateAuthSecret } from '@stageplein/kit/auth/auth-keys';
import { signAccessToken } from '@stageplein/kit/auth/access-token';
import { createDb, createPool } from '@stageplein/kit/db/database';
import { insertEvents } from '@stageplein/kit/outbox/outbox-writer';
import { freshDatabase } from '@stageplein/testing/harness';
import { testKafka } from '@stageplein/testing/kafka';
import { ROOT, freePort, startProcess, type TProcess } from '@stageplein/testing/processes';
import { testS3 } from '@stageplein/testing/s3';
import { deleteSchedules } from '@stageplein/workflows/schedules';
import type {} from '@stageplein/testing/temporal.global-setup';

/**
 * The distributed profile (DESIGN §2, issue #5 item 5): identity, organizations, the outbox relay, the
 * Temporal worker and the gateway each run as their own process, configured from the environment only
 * (DATABASE_URL, KAFKA_BROKERS, TEMPORAL_ADDRESS, OTEL_EXPORTER_OTLP_ENDPOINT, …), against the run's
 * real Kafka broker, Temporal dev server and PostgreSQL. The only way from identity's outbox to
 * organizations' read model is relay process → Kafka → organizations' consumer group; a student import
 * runs organizations → Temporal → worker process → identity over HTTP; content and the worker keep
 * uploaded files in the run's S3-compatible store (VersityGW), as in docker-compose.yml. Every process exports its
 * spans over OTLP/HTTP to a collector stand-in in this test, which checks that traces cross processes.
 */
const SCHOOL = seedOrganizationId('demo', 'school');
const SECRET = generateAuthSecret();

let ownerUrl: string;
let owner: Kysely<unknown>;
let gatewayUrl: string;
const processes: TProcess[] = [];

interface TSpan {
  service: string;
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
}
/** Spans the processes exported (OTLP/HTTP JSON, as the OpenTelemetry collector receives them). */
const spans: TSpan[] = [];
let collector: http.Server | undefined;

interface TOtlpJson {
  resourceSpans?: {
    resource?: { attributes?: { key: string; value: { stringValue?: string } }[] };
    scopeSpans?: {
      spans?: { traceId: string; spanId: string; parentSpanId?: string; name: string }[];
    }[];
  }[];
}

async function startCollector(): Promise<string> {
  collector = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.url === '/v1/traces' && req.headers['content-type']?.includes('json')) {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as TOtlpJson;
        for (const rs of body.resourceSpans ?? []) {
          const service =
            rs.resource?.attributes?.find((a) => a.key === 'service.name')?.value.stringValue ?? '?';
          for (const ss of rs.scopeSpans ?? [])
            for (const span of ss.spans ?? [])
              spans.push({
                service,
                traceId: span.traceId,
                spanId: span.spanId,
                parentSpanId: span.parentSpanId || undefined,
                name: span.name,
              });
        }
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => collector!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(collector.address() as AddressInfo).port}`;
}

async function ready(name: string, url: string, process: TProcess): Promise<void> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (process.child.exitCode !== null) await process.waitFor(/^\b$/, 1); // throws with its output
    const ok = await fetch(`${url}/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`${name} not ready at ${url}/ready within 120 s`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

beforeAll(async () => {
  // Test data only: the demo accounts and organizations (their events wait in the outboxes until the relay runs).
  const fresh = await freshDatabase(SERVICES, { seed: true, env: { PASSWORD_SCRYPT_COST: '10' } });
  ownerUrl = fresh.ownerUrl;
  owner = createDb(createPool(ownerUrl, 2));
  const { brokers, namespace } = testKafka();
  const otlp = await startCollector();
  const env = {
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    DATABASE_URL: ownerUrl,
    KAFKA_BROKERS: brokers.join(','),
    KAFKA_NAMESPACE: namespace,
    TEMPORAL_ADDRESS: inject('temporalAddress'),
    OTEL_EXPORTER_OTLP_ENDPOINT: otlp,
    PASSWORD_SCRYPT_COST: '10',
    // One secret for every process, as an orchestrator would give them (there is no default).
    AUTH_TOKEN_SECRET: SECRET,
    // This test is the load balancer in front of the gateway, and the gateway the proxy of the services:
    // all on loopback, so their x-tenant and X-Forwarded-* count (docs/security.md).
    TRUSTED_PROXIES: 'loopback',
  };
  // Content's files in S3, as docker-compose.yml's x-content-files (the bucket is created at start).
  const s3 = testS3();
  const contentFiles = {
    CONTENT_FILE_STORAGE: 's3',
    CONTENT_S3_ENDPOINT: s3.endpoint,
    CONTENT_S3_REGION: s3.region,
    CONTENT_S3_BUCKET: s3.bucket,
    CONTENT_S3_ACCESS_KEY_ID: s3.accessKeyId,
    CONTENT_S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
  };
  // Placements' sealed contract PDFs, as x-placements-files: its own bucket in the same store.
  const placementsFiles = {
    PLACEMENTS_FILE_STORAGE: 's3',
    PLACEMENTS_S3_ENDPOINT: s3.endpoint,
    PLACEMENTS_S3_REGION: s3.region,
    PLACEMENTS_S3_BUCKET: `${s3.bucket}-placements`,
    PLACEMENTS_S3_ACCESS_KEY_ID: s3.accessKeyId,
    PLACEMENTS_S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
  };
  const [
    identityPort,
    organizationsPort,
    contentPort,
    placementsPort,
    notificationsPort,
    relayPort,
    gatewayPort,
  ] = await Promise.all([freePort(), freePort(), freePort(), freePort(), freePort(), freePort(), freePort()]);
  const url = (port: number) => `http://127.0.0.1:${port}`;
  gatewayUrl = url(gatewayPort);
  // Started together, as an orchestrator would; each service migrates its own schema.
  const started = [
    ['identity', 'services/identity/src/server.ts', { ...env, PORT: String(identityPort) }, identityPort],
    [
      'organizations',
      'services/organizations/src/server.ts',
      { ...env, PORT: String(organizationsPort), IDENTITY_URL: url(identityPort) },
      organizationsPort,
    ],
    [
      'content',
      'services/content/src/server.ts',
      { ...env, ...contentFiles, PORT: String(contentPort) },
      contentPort,
    ],
    [
      'placements',
      'services/placements/src/server.ts',
      { ...env, ...placementsFiles, PORT: String(placementsPort), IDENTITY_URL: url(identityPort) },
      placementsPort,
    ],
    [
      'notifications',
      'services/notifications/src/server.ts',
      { ...env, PORT: String(notificationsPort), IDENTITY_URL: url(identityPort) },
      notificationsPort,
    ],
    ['relay', 'services/kit/src/runtime/relay-server.ts', { ...env, PORT: String(relayPort) }, relayPort],
    [
      'gateway',
      'services/gateway/src/server.ts',
      {
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        HOST: '127.0.0.1',
        AUTH_TOKEN_SECRET: SECRET,
        PORT: String(gatewayPort),
        IDENTITY_URL: url(identityPort),
        ORGANIZATIONS_URL: url(organizationsPort),
        CONTENT_URL: url(contentPort),
        PLACEMENTS_URL: url(placementsPort),
        NOTIFICATIONS_URL: url(notificationsPort),
        OTEL_EXPORTER_OTLP_ENDPOINT: otlp,
        TRUSTED_PROXIES: env.TRUSTED_PROXIES,
      },
      gatewayPort,
    ],
  ] as const;
  for (const [name, script, processEnv] of started) processes.push(startProcess(name, script, processEnv));
  // The worker has no HTTP port: it says when it polls (it bundles the workflow code first).
  const worker = startProcess('worker', 'workflows/src/main.ts', {
    ...env,
    ...contentFiles,
    ...placementsFiles,
    IDENTITY_URL: url(identityPort),
  });
  processes.push(worker);
  await Promise.all([
    ...started.map(([name, , , port], i) => ready(name, url(port), processes[i]!)),
    worker.waitFor(/^worker ready/, 240_000),
  ]);
}, 300_000);

afterAll(async () => {
  await Promise.all(processes.map((p) => p.kill()));
  // The worker process made the product's schedules on the run's shared Temporal server: remove them.
  await deleteSchedules(inject('temporalAddress'), 'default');
  await owner?.destroy();
  await new Promise((resolve) => (collector ? collector.close(resolve) : resolve(undefined)));
});

type TCreds = Record<string, string>;

async function signIn(email: string): Promise<TCreds> {
  const res = await fetch(`${gatewayUrl}/auth/sign_in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-tenant': 'demo' },
    body: JSON.stringify({ email, password: 'stageplein-demo' }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return {
    'x-tenant': 'demo',
    'access-token': res.headers.get('access-token')!,
    client: res.headers.get('client')!,
    uid: res.headers.get('uid')!,
  };
}

/** Content's answer to a mentor's edit: 403 while the client counts there (no editor), 401 once it ended. */
async function contentStatus(creds: TCreds): Promise<number> {
  const res = await fetch(`${gatewayUrl}/api/v1/cms/menu_items/${randomUUID()}`, {
    method: 'DELETE',
    headers: { ...creds, 'x-current-organization-id': SCHOOL },
  });
  return res.status;
}

async function currentOrganizations(creds: TCreds): Promise<string[]> {
  return (await currentRoles(creds)).map((o) => o.split(':')[0]!);
}

/** `organization:role,role` per current organization, as organizations' read model knows the roles. */
async function currentRoles(creds: TCreds): Promise<string[]> {
  const res = await fetch(`${gatewayUrl}/api/v1/current_organizations`, { headers: creds });
  if (res.status !== 200) return [`status ${res.status}`];
  return ((await res.json()) as { data: { id: string; meta?: { roles?: string[] } }[] }).data
    .map((o) => `${o.id}:${[...(o.meta?.roles ?? [])].sort().join(',')}`)
    .sort();
}

async function eventually<T>(
  what: string,
  probe: () => Promise<T>,
  done: (v: T) => boolean,
  timeoutMs = 60_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe();
    if (done(v)) return v;
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(v)} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

function replayCommand(args: string[]): Promise<{ code: number; stdout: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'infra/scripts/events-replay.ts', ...args],
      {
        cwd: ROOT,
        env: {
          PATH: process.env.PATH ?? '',
          DATABASE_URL: ownerUrl,
          AUTH_TOKEN_SECRET: SECRET,
          LOG_LEVEL: 'warn',
        },
      },
      (error, stdout) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout }),
    );
  });
}

describe('distributed profile: one process per service, events through Kafka', () => {
  it('a role added in identity shows up in organizations’ current organizations (identity → relay → Kafka → organizations, via the gateway)', async () => {
    const admin = await signIn('admin@demo.test');
    const student = await signIn('student@demo.test');
    const me = await fetch(`${gatewayUrl}/api/v1/current_user`, { headers: student });
    const studentId = ((await me.json()) as { data: { id: string } }).data.id;

    // The seed's role events reach organizations only through the relay process and the broker.
    await eventually(
      'seeded roles in organizations',
      () => currentOrganizations(student),
      (ids) => ids.join() === SCHOOL,
    );

    const traceId = randomBytes(16).toString('hex');
    const added = await fetch(`${gatewayUrl}/api/v1/users/${studentId}/add_role`, {
      method: 'PUT',
      headers: {
        ...admin,
        'content-type': 'application/json',
        // Issue #12: a role only for a user who already belongs to the admin's organization.
        'x-current-organization-id': SCHOOL,
        traceparent: `00-${traceId}-${randomBytes(8).toString('hex')}-01`,
      },
      body: JSON.stringify({ role: { name: 'mentor' } }),
    });
    expect(added.status, await added.clone().text()).toBe(200);
    const t0 = Date.now();
    const roles = await eventually(
      'the new role in organizations',
      () => currentRoles(student),
      (v) => v.includes(`${SCHOOL}:mentor,student`),
    );
    const ms = Date.now() - t0;
    expect(roles).toEqual([`${SCHOOL}:mentor,student`]);

    // The same event: sent from identity's outbox by the relay process (no longer queued), recorded as
    // processed by organizations.
    const { rows } = await sql<{
      id: string;
      queued: boolean;
      traceparent: string | null;
    }>`select id, exists (select 1 from identity.outbox_pending p where p.seq = o.seq) as queued,
        envelope->>'traceparent' as traceparent from identity.outbox o
      where type = 'identity.role.added' and aggregate_id = ${studentId} order by seq desc limit 1`.execute(
      owner,
    );
    expect(rows[0]?.queued).toBe(false);
    const processed = await sql`select 1 from organizations.processed_events
      where consumer = 'organizations.auth-read-model' and event_id = ${rows[0]!.id}`.execute(owner);
    expect(processed.rows).toHaveLength(1);

    // One trace across processes: identity's request span wrote the event (its traceparent is in the
    // envelope), and organizations' consumer span, in another process behind Kafka, is its child.
    const [, envelopeTrace, writerSpan] = rows[0]!.traceparent!.split('-');
    expect(envelopeTrace).toBe(traceId);
    const trace = await eventually(
      'the spans of gateway, identity and organizations',
      async () => spans.filter((s) => s.traceId === traceId),
      (t) =>
        t.some((s) => s.service === 'organizations' && s.name.endsWith('process identity.role.added')) &&
        t.some((s) => s.service === 'stageplein') &&
        t.some((s) => s.service === 'identity'),
      30_000,
    );
    const writer = trace.find((s) => s.spanId === writerSpan);
    expect(writer?.service).toBe('identity');
    // …itself a child of the gateway's span (the gateway process is `stageplein`, as in `npm start`).
    expect(trace.find((s) => s.spanId === writer?.parentSpanId)?.service).toBe('stageplein');
    expect(
      trace.find((s) => s.service === 'organizations' && s.name.endsWith('process identity.role.added'))
        ?.parentSpanId,
    ).toBe(writerSpan);
    console.log(
      `[distributed] role added in identity visible in organizations' current organizations after ${ms} ms; ` +
        `trace ${traceId}: ${[...new Set(trace.map((s) => s.service))].sort().join(', ')}`,
    );
  });

  it('sessions are an allow-list in organizations too: a fresh client counts at once, a forged one never, a signed-out one stops', async () => {
    const creds = await signIn('mentor@demo.test');
    // Right after sign-in: organizations asks identity until the issue event has arrived through Kafka.
    expect((await fetch(`${gatewayUrl}/api/v1/levels`, { headers: creds })).status).toBe(200);
    const me = await fetch(`${gatewayUrl}/api/v1/current_user`, { headers: creds });
    const userId = ((await me.json()) as { data: { id: string } }).data.id;
    const iat = Math.floor(Date.now() / 1000);
    const client = randomUUID();
    const forged = {
      ...creds,
      client,
      'access-token': signAccessToken(
        { sub: userId, ten: 'demo', cid: client, uid: creds.uid!, iat, exp: iat + 3600 },
        SECRET,
      ),
    };
    expect((await fetch(`${gatewayUrl}/api/v1/levels`, { headers: forged })).status).toBe(401);
    expect(await contentStatus(creds)).toBe(403);
    const out = await fetch(`${gatewayUrl}/auth/sign_out`, { method: 'DELETE', headers: creds });
    expect(out.status).toBe(200);
    // Identity answered only once every live consumer group committed the revocation (outbox-settled.ts).
    expect((await fetch(`${gatewayUrl}/api/v1/levels`, { headers: creds })).status).toBe(401);
    expect(await contentStatus(creds)).toBe(401);
  });

  it('deactivation counts in organizations and content before identity answers', async () => {
    const admin = await signIn('admin@demo.test');
    const mentor = await signIn('mentor@demo.test');
    expect((await fetch(`${gatewayUrl}/api/v1/levels`, { headers: mentor })).status).toBe(200);
    expect(await contentStatus(mentor)).toBe(403);
    const me = await fetch(`${gatewayUrl}/api/v1/current_user`, { headers: mentor });
    const userId = ((await me.json()) as { data: { id: string } }).data.id;
    const off = await fetch(`${gatewayUrl}/api/v1/users/${userId}`, {
      method: 'PATCH',
      headers: { ...admin, 'x-current-organization-id': SCHOOL, 'content-type': 'application/json' },
      body: JSON.stringify({ attributes: { status: 'inactive' } }),
    });
    expect(off.status, await off.clone().text()).toBe(200);
    expect((await fetch(`${gatewayUrl}/api/v1/levels`, { headers: mentor })).status).toBe(401);
    expect(await contentStatus(mentor)).toBe(401);
  });

  it('an invalid event is dead-lettered by the consuming process; the replay command lists it and leaves it dead', async () => {
    const id = randomUUID();
    const envelope = {
      id,
      type: 'identity.role.added',
      source: 'identity',
      subject: randomUUID(),
      time: new Date().toISOString(),
      tenant: 'demo',
      actor: 'test',
      version: 1,
      data: { user_id: 'not-a-uuid' },
    };
    // A buggy producer: the envelope goes into identity's outbox without the writer's validation
    // (`writeEvent` parses the payload; `insertEvents` stores what it is given).
    await insertEvents(owner, 'identity', [envelope as unknown as TEventEnvelope]);
    const letters = await eventually(
      'the dead letter in organizations',
      async () =>
        (
          await sql<{
            consumer: string;
            reason: string;
          }>`select consumer, reason from organizations.dead_letters where event_id = ${id}`.execute(owner)
        ).rows,
      (r) => r.length >= 1,
    );
    // The group of organizations that reads identity.role.added recorded it, with the reason.
    expect(letters.map((l) => l.consumer)).toEqual(['organizations.auth-read-model']);
    expect(letters[0]!.reason).toMatch(/^invalid identity\.role\.added data: user_id: /);

    const listed = await replayCommand(['--list', '--service', 'organizations']);
    expect(listed.code).toBe(0);
    expect(listed.stdout.split('\n').filter((l) => l.includes(id))).toHaveLength(1);
    // Content's auth read model reads identity.role.added too: its group dead-letters the event as well.
    await eventually(
      'the dead letter in content',
      async () =>
        (
          await sql<{
            consumer: string;
          }>`select consumer from content.dead_letters where event_id = ${id}`.execute(owner)
        ).rows.map((r) => r.consumer),
      (r) => r.includes('content.auth-read-model'),
    );
    // And placements' (issue #14).
    await eventually(
      'the dead letter in placements',
      async () =>
        (
          await sql<{
            consumer: string;
          }>`select consumer from placements.dead_letters where event_id = ${id}`.execute(owner)
        ).rows.map((r) => r.consumer),
      (r) => r.includes('placements.auth-read-model'),
    );
    // And notifications' (issue #35).
    await eventually(
      'the dead letter in notifications',
      async () =>
        (
          await sql<{
            consumer: string;
          }>`select consumer from notifications.dead_letters where event_id = ${id}`.execute(owner)
        ).rows.map((r) => r.consumer),
      (r) => r.includes('notifications.auth-read-model'),
    );
    const replay = await replayCommand(['--id', id]);
    expect(replay.code, replay.stdout).toBe(1);
    expect(replay.stdout).toContain('0 replayed, 4 still failing');
  });

  it('a student import runs on the worker process: organizations → Temporal → worker → identity, one trace', async () => {
    const admin = { ...(await signIn('admin@demo.test')), 'x-current-organization-id': SCHOOL };
    const tag = randomBytes(3).toString('hex');
    const n = 12;
    const csv = [
      'Voornaam;Achternaam;E-mailadres;Leerlingnummer;Klas;Niveau',
      ...Array.from(
        { length: n },
        (_, i) => `Leerling${i};Distributed ${tag};leerling${i}.${tag}@distributed.test;D${tag}${i};1A;havo`,
      ),
    ].join('\r\n');
    const form = new FormData();
    form.set('school_id', SCHOOL);
    form.set('create_missing_groups', 'true');
    form.set('file', new Blob([csv], { type: 'text/csv' }), 'leerlingen.csv');
    const traceId = randomBytes(16).toString('hex');
    const t0 = Date.now();
    const res = await fetch(`${gatewayUrl}/api/v1/imports`, {
      method: 'POST',
      headers: { ...admin, traceparent: `00-${traceId}-${randomBytes(8).toString('hex')}-01` },
      body: form,
    });
    const text = await res.text();
    expect(res.status, text).toBe(202);
    const id = (JSON.parse(text) as { data: { id: string } }).data.id;
    const done = await eventually(
      'the import finished',
      async () => {
        const r = await fetch(`${gatewayUrl}/api/v1/imports/${id}`, { headers: admin });
        return ((await r.json()) as { data: { attributes: { status: string; counts: unknown } } }).data
          .attributes;
      },
      (a) => ['completed', 'failed', 'cancelled'].includes(a.status),
      120_000,
    );
    const ms = Date.now() - t0;
    expect(done).toMatchObject({ status: 'completed', counts: { valid: n, created: n, failed: 0 } });
    // Identity (reached by the worker over HTTP) has the students; organizations has their enrolments.
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from identity.users u
      join organizations.student_enrolments e on e.student_id = u.id
      where u.email like ${`%.${tag}@distributed.test`}`.execute(owner);
    expect(rows[0]!.n).toBe(n);
    // The worker's activity spans continue the upload request's trace (Temporal headers).
    const trace = await eventually(
      'the worker spans of the import',
      async () => spans.filter((s) => s.traceId === traceId),
      (t) => t.some((s) => s.service === 'organizations') && t.some((s) => s.service === 'workflows'),
      30_000,
    );
    console.log(
      `[distributed] ${n}-row import completed by the worker process in ${ms} ms; ` +
        `trace ${traceId}: ${[...new Set(trace.map((s) => s.service))].sort().join(', ')}`,
    );
  });

  it('the CMS calls reach content through the gateway; organizations’ events reach content through Kafka', async () => {
    const menus = await fetch(`${gatewayUrl}/api/v1/cms/menus`, { headers: { 'x-tenant': 'demo' } });
    expect(menus.status).toBe(200);
    expect(
      ((await menus.json()) as { data: { attributes: { slug: string } }[] }).data[0]!.attributes.slug,
    ).toBe('main');
    // Who edits depends on the organization's status, which content learns from organizations' events.
    const center = seedOrganizationId('demo', 'volunteer-center');
    await eventually(
      'the seeded volunteer centre in content',
      async () =>
        (
          await sql<{
            status: string;
          }>`select status from content.organizations where id = ${center}`.execute(owner)
        ).rows[0]?.status,
      (status) => status === 'approved',
    );
  });

  it('an upload through the gateway is kept in S3 by the content process and served from there', async () => {
    const editor = { ...(await signIn('admin@demo.test')), 'x-current-organization-id': SCHOOL };
    // A 1×1 PNG; content checks and re-encodes it, then stores it under its SHA-256.
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
      'base64',
    );
    const send = () => {
      const form = new FormData();
      form.set('upload[file]', new Blob([png], { type: 'image/png' }), 'pixel.png');
      return fetch(`${gatewayUrl}/api/v1/cms/uploads`, { method: 'POST', headers: editor, body: form });
    };
    // Content learns the admin's role and the school's approval from events (Kafka): until then 403.
    const res = await eventually('an editor’s upload', send, (r) => r.status === 201);
    const { id, attributes } = (
      (await res.json()) as { data: { id: string; attributes: { hash: string; url: string } } }
    ).data;
    const { rows } = await sql<{
      storage: string;
    }>`select storage from content.uploads where id = ${id}`.execute(owner);
    expect(rows).toEqual([{ storage: 's3' }]);
    const file = await fetch(`${gatewayUrl}${attributes.url}`, { headers: { 'x-tenant': 'demo' } });
    expect(file.status).toBe(200);
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    const bytes = Buffer.from(await file.arrayBuffer());
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(attributes.hash);
  });

  it('a vacancy reaches placements through the gateway; its events reach organizations through Kafka', async () => {
    const id = seedVacancyId('demo', 0);
    const res = await fetch(`${gatewayUrl}/api/v1/vacancies/${id}`, { headers: { 'x-tenant': 'demo' } });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { data: { attributes: { status: string } } }).data.attributes.status).toBe(
      'published',
    );
    // include=vacancies: organizations' read model of placements' events, fed over Kafka.
    const nonprofit = seedOrganizationId('demo', 'nonprofit');
    await eventually(
      'the seeded vacancy in organizations’ read model',
      async () => {
        const list = await fetch(`${gatewayUrl}/api/v1/organizations/${nonprofit}?include=vacancies`, {
          headers: { 'x-tenant': 'demo' },
        });
        const body = (await list.json()) as {
          data: { relationships: { vacancies: { data: { id: string }[] } } };
        };
        return body.data.relationships.vacancies.data.map((v) => v.id);
      },
      (ids) => ids.includes(id),
    );
  });

  it('the bell reaches notifications through the gateway, right after sign-in (its session asked of identity)', async () => {
    const student = await signIn('student@demo.test');
    const res = await fetch(`${gatewayUrl}/api/v1/notifications/unread_count`, { headers: student });
    expect(res.status, await res.clone().text()).toBe(200);
    const { meta } = (await res.json()) as { meta: { poll_seconds: number } };
    expect(meta.poll_seconds).toBe(15);
  });

  it('every process stops cleanly on SIGTERM', async () => {
    const codes = await Promise.all(processes.map(async (p) => [p.name, await p.stop()] as const));
    expect(Object.fromEntries(codes)).toEqual({
      identity: 0,
      organizations: 0,
      content: 0,
      placements: 0,
      notifications: 0,
      relay: 0,
      gateway: 0,
      worker: 0,
    });
  });
});
