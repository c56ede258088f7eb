import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { sql, type Kysely } from 'kysely';
import { Client, Connection } from '@temporalio/client';
import { inject } from 'vitest';
import { randomUUID } from 'node:crypto';
import { seedOrganizationId } from '@stageplein/contracts/domain/seed-ids';
import { TASK_QUEUES, WORKFLOW_TYPES } from '@stageplein/contracts/workflows/names';

const WORKFLOW_TYPE_PHASES = WORKFLOW_TYPES.internshipPhases;
const WORKFLOW_TYPE_SIGNING = WORKFLOW_TYPES.contractSigning;
import { identityService } from '@stageplein/identity';
import { DEMO_PASSWORD } from '@stageplein/identity/seeds/seed';
import { createDb, createPool } from '@stageplein/kit/db/database';
import { createHttpApp } from '@stageplein/kit/http/http-app';
import { registerService } from '@stageplein/kit/service';
import { contentService } from '@stageplein/content';
import { organizationsService } from '@stageplein/organizations';
import { placementsService } from '@stageplein/placements';
import { notificationsService } from '@stageplein/notifications';
import { testPlatform } from '@stageplein/testing/harness';
import { testTemporalNamespace } from './temporal-namespace.ts';
import type {} from '@stageplein/testing/temporal.global-setup';
import { runWorker, type TRunningWorker } from '../src/run-worker.ts';
import { eventually } from '@stageplein/testing/eventually';

export const TENANT = 'demo';
export const SCHOOL = seedOrganizationId(TENANT, 'school');

export interface TImportHarness {
  app: FastifyInstance;
  baseUrl: string;
  ownerUrl: string;
  config: Awaited<ReturnType<typeof testPlatform>>['config'];
  platform: Awaited<ReturnType<typeof testPlatform>>;
  headers: Record<string, string>;
  worker?: TRunningWorker;
  startWorker(): Promise<TRunningWorker>;
  owner: Kysely<unknown>;
  /** A Temporal client on the run's dev server (schedules, workflows started by tests). */
  temporal: { connection: Connection; client: Client };
  /** Runs a scheduled workflow once, as its schedule would (no arguments, the worker's queue). */
  runScheduled<T>(type: (typeof WORKFLOW_TYPES)[keyof typeof WORKFLOW_TYPES]): Promise<T>;
  /**
   * Every event written so far has been applied by its consumers (the relay drained each service's
   * outbox): what a workflow's events caused is there, and what is not there was never requested.
   */
  settled(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Identity and organizations on a fresh seeded database, served over real HTTP on a loopback port, the
 * run's Temporal dev server, and (unless told otherwise) an in-process worker reaching identity over HTTP.
 * Signed in as the demo tenant's school admin with the School as current organization.
 */
export async function importHarness(
  options: {
    worker?: boolean;
    env?: Record<string, string>;
    placements?: boolean;
    content?: boolean;
    /** Run notifications for identity's mails too (placements and content bring it anyway). */
    mail?: boolean;
  } = {},
): Promise<TImportHarness> {
  // Placements and content only for the workflows that run their activities (their seeds add to every start).
  // A Temporal namespace of this file's own: the seeds' workflows carry the same ids in every file.
  const temporalAddress = options.env?.TEMPORAL_ADDRESS ?? inject('temporalAddress');
  const namespace = await testTemporalNamespace(temporalAddress);
  const services = [
    identityService,
    organizationsService,
    ...(options.placements ? [placementsService] : []),
    ...(options.content ? [contentService] : []),
    // The mail every service requests goes out through notifications (its queue and SMTP).
    ...(options.placements || options.content || options.mail ? [notificationsService] : []),
  ];
  const platform = await testPlatform(services, {
    seed: true,
    env: {
      TEMPORAL_ADDRESS: temporalAddress,
      TEMPORAL_NAMESPACE: namespace,
      PASSWORD_SCRYPT_COST: '10',
      RATE_LIMIT_SIGN_IN: '1000',
      // The test's HTTP client and the worker's calls to identity arrive on loopback, standing for the
      // gateway and the cluster's private network: trusted proxies, so their x-tenant counts (docs/security.md).
      TRUSTED_PROXIES: 'loopback',
      ...options.env,
    },
  });
  const app = await createHttpApp({
    name: 'imports-test',
    logger: false,
    trustedProxies: platform.config.TRUSTED_PROXIES,
  });
  for (const service of services) await registerService(app, service, platform.deps);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const config = { ...platform.config, IDENTITY_URL: baseUrl };
  const owner = createDb<unknown>(createPool(platform.ownerUrl, 2));

  const signIn = await app.inject({
    method: 'POST',
    url: '/auth/sign_in',
    headers: { 'x-tenant': TENANT },
    payload: { email: `admin@${TENANT}.test`, password: DEMO_PASSWORD },
  });
  if (signIn.statusCode !== 200) throw new Error(`sign in failed: ${signIn.body}`);
  const headers = {
    'x-tenant': TENANT,
    'access-token': String(signIn.headers['access-token']),
    client: String(signIn.headers.client),
    uid: String(signIn.headers.uid),
    'x-current-organization-id': SCHOOL,
  };
  // Organizations learns the admin's roles from identity's events.
  await eventually(async () => {
    const res = await app.inject({ url: '/api/v1/imports', headers });
    if (res.statusCode !== 200) throw new Error(`GET /api/v1/imports: ${res.statusCode} ${res.body}`);
  }, 20_000);

  const connection = await Connection.connect({ address: platform.config.TEMPORAL_ADDRESS! });
  const client = new Client({ connection, namespace: platform.config.TEMPORAL_NAMESPACE });
  const h: TImportHarness = {
    app,
    baseUrl,
    ownerUrl: platform.ownerUrl,
    config,
    platform,
    headers,
    owner,
    temporal: { connection, client },
    runScheduled: <T>(type: (typeof WORKFLOW_TYPES)[keyof typeof WORKFLOW_TYPES]) =>
      client.workflow.execute(type, {
        taskQueue: TASK_QUEUES.imports,
        workflowId: `${type}-test-${randomUUID()}`,
        args: [],
      }) as Promise<T>,
    async settled() {
      for (const { schema } of services)
        if (!(await platform.deps.outboxSettled!(schema, TENANT, 30_000)))
          throw new Error(`the ${schema} outbox did not drain`);
    },
    async startWorker() {
      h.worker = await runWorker({
        config,
        db: platform.deps.db,
        workflowBundlePath: inject('workflowBundlePath'),
      });
      return h.worker;
    },
    async close() {
      // The seeds' runs in this file's namespace wait on timers nobody will work on: end them.
      await endPhaseRuns(client);
      await connection.close();
      await h.worker?.stop();
      await app.close();
      await owner.destroy();
      await platform.close();
    },
  };
  if (options.worker !== false) await h.startWorker();
  return h;
}

export { eventually };

/** Signs `email` in on `tenant` (demo password) and answers the headers acting for `organizationId`. */
export async function signInAs(h: TImportHarness, tenant: string, email: string, organizationId: string) {
  const res = await h.app.inject({
    method: 'POST',
    url: '/auth/sign_in',
    headers: { 'x-tenant': tenant },
    payload: { email, password: DEMO_PASSWORD },
  });
  if (res.statusCode !== 200) throw new Error(`sign in of ${email} failed: ${res.statusCode} ${res.body}`);
  return {
    'x-tenant': tenant,
    'access-token': String(res.headers['access-token']),
    client: String(res.headers.client),
    uid: String(res.headers.uid),
    'x-current-organization-id': organizationId,
  };
}

/**
 * Ends every running internship-phases and contract-signing workflow in the file's namespace. By workflow
 * id, not run id: that ends the chain's latest run even when it continued-as-new after the listing;
 * listed again until none is left (the dev server's visibility lags its writes a little).
 */
async function endPhaseRuns(client: Client): Promise<void> {
  await eventually(async () => {
    let left = 0;
    for await (const run of client.workflow.list({
      query: `(WorkflowType = '${WORKFLOW_TYPE_PHASES}' OR WorkflowType = '${WORKFLOW_TYPE_SIGNING}') AND ExecutionStatus = 'Running'`,
    })) {
      left += 1;
      await client.workflow
        .getHandle(run.workflowId)
        .terminate('test file done')
        .catch(() => undefined);
    }
    if (left > 0) throw new Error(`${left} phase or signing workflows were still running`);
  }, 30_000);
}

/** POST /api/v1/imports over real HTTP as a browser sends it (multipart form). */
export async function upload(
  h: TImportHarness,
  content: string | Uint8Array,
  options: { fileName?: string; type?: string; createMissingGroups?: boolean; fieldPrefix?: boolean } = {},
) {
  const form = new FormData();
  const key = (name: string) => (options.fieldPrefix ? `import[${name}]` : name);
  form.set(key('school_id'), SCHOOL);
  if (options.createMissingGroups) form.set(key('create_missing_groups'), 'true');
  form.set(
    key('file'),
    new Blob([typeof content === 'string' ? content : new Uint8Array(content)], {
      type: options.type ?? 'text/csv',
    }),
    options.fileName ?? 'leerlingen.csv',
  );
  const res = await fetch(`${h.baseUrl}/api/v1/imports`, { method: 'POST', headers: h.headers, body: form });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

export async function getImport(h: TImportHarness, id: string) {
  const res = await h.app.inject({ url: `/api/v1/imports/${id}`, headers: h.headers });
  if (res.statusCode !== 200) throw new Error(`GET import: ${res.statusCode} ${res.body}`);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- test reads attributes loosely
  return res.json().data as { id: string; attributes: Record<string, any> };
}

/** Polls the import until it has finished (completed, cancelled or failed). */
export async function waitForImport(h: TImportHarness, id: string, timeoutMs = 120_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const imp = await getImport(h, id);
    if (['completed', 'cancelled', 'failed'].includes(imp.attributes.status)) return imp;
    if (Date.now() > until)
      throw new Error(
        `import ${id} still ${imp.attributes.status} after ${timeoutMs} ms: ${JSON.stringify(await whyStill(h, id))}`,
      );
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Where an unfinished import's start stands, for a failure message: its outbox event (still queued, the
 * relay's last error), dead letters naming it, its workflow as Temporal has it, and the state of the
 * file's workers (a worker that failed leaves a started workflow waiting for nobody).
 */
async function whyStill(h: TImportHarness, id: string) {
  const { rows: events } = await sql<{ type: string; queued: boolean; last_error: string | null }>`
    select o.type, p.seq is not null as queued, p.last_error from organizations.outbox o
    left join organizations.outbox_pending p using (seq) where o.aggregate_id = ${id}`.execute(h.owner);
  const { rows: letters } = await sql<{ consumer: string; reason: string; attempts: number }>`
    select consumer, reason, attempts from organizations.dead_letters
    where envelope::text like ${`%${id}%`}`.execute(h.owner);
  const { rows: imports } = await sql<{ workflow_id: string }>`
    select workflow_id from organizations.imports where id = ${id}`.execute(h.owner);
  const workflowId = imports[0]?.workflow_id;
  const workflow = workflowId
    ? await h.temporal.client.workflow
        .getHandle(workflowId)
        .describe()
        .then(
          (d) => `${d.status.name}, history ${d.historyLength}`,
          (error: unknown) => String(error),
        )
    : 'no workflow id';
  const w = h.worker;
  const workers = w
    ? `imports ${w.worker.getState()}, phases ${w.phasesWorker.getState()}, signing ${w.signingWorker.getState()}`
    : 'no worker';
  return { events, letters, workflow, workers };
}

/** Facts behind the API's back (owner connection): what really exists in each service's tables. */
export async function facts(h: TImportHarness, emailLike = '%@import.test') {
  const one = async (q: ReturnType<typeof sql<{ n: number }>>) =>
    Number((await q.execute(h.owner)).rows[0]!.n);
  return {
    users: await one(sql`select count(*)::int as n from identity.users where email like ${emailLike}`),
    distinctEmails: await one(
      sql`select count(distinct lower(email))::int as n from identity.users where email like ${emailLike}`,
    ),
    studentRoles:
      await one(sql`select count(*)::int as n from identity.roles r join identity.users u on u.id = r.user_id
      where u.email like ${emailLike} and r.name = 'student' and r.resource_id = ${SCHOOL}`),
    invitations: await one(
      sql`select count(*)::int as n from identity.mail_deliveries where recipient_email like ${emailLike} and template = 'invitation'`,
    ),
    enrolments: await one(
      sql`select count(*)::int as n from organizations.student_enrolments where school_id = ${SCHOOL}`,
    ),
    memberships: await one(
      sql`select count(*)::int as n from organizations.group_memberships where school_id = ${SCHOOL}`,
    ),
  };
}

/** A CSV of `n` students: Dutch headers, `;`, BOM, groups 1A–4D and levels havo/vwo. */
export function studentsCsv(
  n: number,
  options: { offset?: number; delimiter?: string; bom?: boolean; english?: boolean } = {},
) {
  const d = options.delimiter ?? ';';
  const header = options.english
    ? ['First name', 'Last name', 'Email', 'Student number', 'Group', 'Level']
    : ['Voornaam', 'Achternaam', 'E-mailadres', 'Leerlingnummer', 'Klas', 'Niveau'];
  const lines = [header.join(d)];
  for (let i = 0; i < n; i++) {
    const k = i + (options.offset ?? 0);
    lines.push(
      [
        `Leerling${k}`,
        `Van Achternaam ${k}`,
        `leerling${k}@import.test`,
        `LL${100000 + k}`,
        `${1 + (k % 4)}${'ABCD'[k % 4]}`,
        k % 2 ? 'vwo' : 'havo',
      ].join(d),
    );
  }
  return `${options.bom === false ? '' : '\uFEFF'}${lines.join('\r\n')}\r\n`;
}
