import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Context } from '@temporalio/activity';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEALING } from '@stageplein/contracts/internship-contracts/contract-signing';
import { contractSigningWorkflowId, TASK_QUEUES } from '@stageplein/contracts/workflows/names';
import { setTenant } from '@stageplein/kit/db/rls';
import { placementsService } from '@stageplein/placements';
import {
  createContractDocumentActivities,
  rendererFor,
} from '@stageplein/placements/contract-documents/index';
import { createSigningActivities, signingWorkflows } from '@stageplein/placements/internship-contracts/index';
import {
  announceOrganization,
  call,
  expectStatus,
  outboxEvents,
  serviceHarness,
  userWith,
  type TServiceHarness,
  type TUser,
} from '@stageplein/testing/service-harness';
import { temporalClientOf } from '../../test/temporal-client.ts';
import { timeSkippingWorker } from '../../test/time-skipping.ts';

/**
 * A contract that fails to seal (issue #34 item 5, "never stuck silently"), end to end in workflow time:
 * the contract-signing workflow on Temporal's time-skipping test server with placements' own signing
 * activities on a real seeded PostgreSQL, sealing with the contract-documents group's real renderer and
 * store behind a switch that makes it fail. The seal is retried per the activity's policy
 * (`SEALING.attempts`, backoff skipped by the test server), each failure on the contract; then
 * `seal_state` `failed` for the school's admins (GET /contracts/{id}: the state, the error, the action);
 * their POST /contracts/{id}/retry_seal writes `placements.contract.seal_requested`, which placements'
 * signing adapter (`signingWorkflows().retrySeal`, what its consumer runs) sends to the run, and the
 * contract seals.
 */
const WORKFLOW = path.join(path.dirname(fileURLToPath(import.meta.url)), 'contract-signing.workflow.ts');
const TENANT = 'demo' as const;

let h: TServiceHarness;
let student: TUser;
let school: TUser;
let schoolId: string;
let companyId: string;
/** While true the sealer fails (the store or the renderer away). */
let sealerDown = true;
const attempts: { attempt: number; at: number }[] = [];
/** While true the next seal's render process is killed while it renders; each seal's attempt and outcome. */
let killNextRender = false;
const renders: { attempt: number; pid?: number; error?: string }[] = [];

const workflowClock = () => {
  try {
    return new Date(Context.current().info.currentAttemptScheduledTimestampMs);
  } catch {
    return new Date();
  }
};
type TActivities = ReturnType<typeof createSigningActivities>;
// The worker starts before the database: each call builds the real activities on the harness's database.
const real = (): TActivities => {
  const documents = createContractDocumentActivities({ db: h.deps.db, config: h.platform.config });
  return createSigningActivities({
    db: h.deps.db,
    config: h.platform.config,
    now: workflowClock,
    sealer: async (doc) => {
      if (sealerDown) {
        attempts.push({ attempt: Context.current().info.attempt, at: await temporal.env.currentTimeMs() });
        throw new Error('the object store is away');
      }
      if (!killNextRender) return documents.sealContractDocument(doc);
      // The render process dies mid-render: the render fails, the activity with it (its retry renders again).
      killNextRender = false;
      const renderer = rendererFor(h.platform.config);
      const sealing = documents.sealContractDocument(doc);
      const failed = sealing.then(
        () => undefined,
        (error: unknown) => String(error),
      );
      await expect.poll(() => renderer.stats().busy, { timeout: 60_000 }).toBe(1);
      const [pid] = renderer.pids();
      process.kill(pid!, 'SIGKILL');
      renders.push({ attempt: Context.current().info.attempt, pid, error: await failed });
      return sealing;
    },
  });
};
const activities: TActivities = {
  beginSigning: (i) => real().beginSigning(i),
  openTurn: (i) => real().openTurn(i),
  remindSigner: (i) => real().remindSigner(i),
  recordSignature: (i) => real().recordSignature(i),
  completeSigning: (i) => real().completeSigning(i),
  expireSigning: (i) => real().expireSigning(i),
  closeSigning: (i) => real().closeSigning(i),
  markSealFailed: (i) => real().markSealFailed(i),
  sealContract: (i) => real().sealContract(i),
};
// The product's task queue: the adapter's retry (signal-with-start) names it.
const temporal = timeSkippingWorker({
  workflowsPath: WORKFLOW,
  taskQueue: TASK_QUEUES.contractSigning,
  activities,
});

const asOwner = <T>(fn: (trx: typeof h.owner) => Promise<T>) =>
  h.owner.transaction().execute(async (trx) => {
    await setTenant(trx, TENANT);
    return fn(trx);
  });

const doc = (text: string) => ({
  type: 'doc',
  content: [{ type: 'paragraph', content: [{ type: 'text', text }] }],
});

/** A signed contract (every signer signed, signing completed), as the signing workflow leaves it. */
async function signedContract(): Promise<string> {
  const created = await call(h.app, {
    method: 'POST',
    url: '/api/v1/contract_templates',
    headers: school.headers,
    payload: { data: { type: 'contract_template', attributes: { name: 'Praktijkovereenkomst' } } },
  });
  expectStatus(created, 201);
  const draftId = created.json().data.attributes.draft_version_id as string;
  expectStatus(
    await call(h.app, {
      method: 'PATCH',
      url: `/api/v1/contract_template_versions/${draftId}`,
      headers: school.headers,
      payload: {
        data: {
          type: 'contract_template_version',
          id: draftId,
          attributes: {
            body_nl: doc('Stage van {{student.name}} bij {{organization.name}}.'),
            company_fields: [],
            signers: [
              { role: 'company', order: 1 },
              { role: 'student', order: 2 },
            ],
          },
        },
      },
    }),
    200,
  );
  expectStatus(
    await call(h.app, {
      method: 'POST',
      url: `/api/v1/contract_template_versions/${draftId}/publish`,
      headers: school.headers,
    }),
    200,
  );
  const internshipId = randomUUID();
  await asOwner((trx) =>
    sql`insert into placements.internships (id, tenant_id, student_id, school_id, organization_id, title,
        contract_type, self_found, updating_hours_allowed, status, start_date, end_date, organization_name,
        created_at, updated_at)
      values (${internshipId}, ${TENANT}, ${student.id}, ${schoolId}, ${companyId}, 'Stage bij de bakker',
        'contract', false, false, 'active', '2027-02-01', '2027-06-30', 'Bakkerij', now(), now())`.execute(
      trx,
    ),
  );
  const generated = await call(h.app, {
    method: 'POST',
    url: '/api/v1/contracts',
    headers: school.headers,
    payload: {
      data: {
        type: 'contract',
        attributes: { internship_id: internshipId, student_birth_date: '2000-01-01' },
      },
    },
  });
  expectStatus(generated, 201);
  const id = generated.json().data.id as string;
  expectStatus(
    await call(h.app, { method: 'POST', url: `/api/v1/contracts/${id}/release`, headers: school.headers }),
    200,
  );
  // A 1×1 PNG for each signature (the certificate page renders it).
  const png =
    'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
  await asOwner((trx) =>
    sql`update placements.contract_signers set state = 'signed', signature = ${png}, signed_at = now(),
        signed_ip = '192.0.2.7', signed_user_agent = 'Mozilla/5.0 (test)', signed_by = 'system'
      where contract_id = ${id}`.execute(trx),
  );
  await real().completeSigning({ tenant: TENANT, contractId: id, at: new Date().toISOString() });
  return id;
}

const read = async (id: string) => {
  const res = await call(h.app, { url: `/api/v1/contracts/${id}`, headers: school.headers });
  expectStatus(res, 200);
  return res.json().data as {
    attributes: { status: string; seal_state: string; seal_attempts: number; seal_error: string | null };
    meta: { actions: string[] };
  };
};

beforeAll(async () => {
  h = await serviceHarness(placementsService, { now: new Date() });
  schoolId = await announceOrganization(h, 'School', 'approved', TENANT);
  companyId = await announceOrganization(h, 'NonProfit', 'approved', TENANT);
  [student, school] = await Promise.all([
    userWith(h, 'student', schoolId, 'School', TENANT),
    userWith(h, 'admin', schoolId, 'School', TENANT),
  ]);
  await asOwner((trx) =>
    sql`insert into placements.users (id, tenant_id, email, first_name, last_name, status, deleted, event_time)
      values (${student.id}, ${TENANT}, ${`${student.id}@x.test`}, 'Sanne', 'de Vries', 'active', false, now())`.execute(
      trx,
    ),
  );
}, 300_000);
afterAll(async () => {
  await rendererFor(h?.platform.config)?.close();
  await h?.close();
}, 60_000);

describe('a seal that fails, in workflow time with the real activities', () => {
  it(
    'is retried per policy, then shows seal_state failed to the admins; their retry_seal seals it',
    { timeout: 300_000 },
    async () => {
      const id = await signedContract();
      expect((await read(id)).attributes).toMatchObject({ status: 'signed', seal_state: 'pending' });
      // The run as placements' adapter starts it (here: the contract is signed, so it only seals).
      const workflows = signingWorkflows(temporalClientOf(temporal.env.client));
      temporal.started(contractSigningWorkflowId(id));
      await workflows.start({ tenant: TENANT, contractId: id });
      // About 20 minutes of backoff pass on the test server's clock while the test sleeps.
      await temporal.env.sleep('30 minutes');
      const deadline = Date.now() + 60_000;
      while ((await read(id)).attributes.seal_state !== 'failed' && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 200));

      // Every attempt per the policy: SEALING.attempts, 10 s doubling, at most 10 minutes apart.
      expect(attempts.map((a) => a.attempt)).toEqual(
        Array.from({ length: SEALING.attempts }, (_, i) => i + 1),
      );
      const gaps = attempts.slice(1).map((a, i) => Math.round((a.at - attempts[i]!.at) / 1000));
      gaps.forEach((gap, i) =>
        expect(Math.abs(gap - Math.min(10 * 2 ** i, 600)), `gaps ${gaps.join(', ')}`).toBeLessThanOrEqual(1),
      );
      // The admins see it: failed, every attempt counted, the last error, the retry offered.
      const failed = await read(id);
      expect(failed.attributes).toMatchObject({
        status: 'signed',
        seal_state: 'failed',
        seal_attempts: SEALING.attempts,
        seal_error: expect.stringContaining('the object store is away'),
      });
      expect(failed.meta.actions).toContain('retry_seal');
      const listed = await call(h.app, {
        url: '/api/v1/contracts?filter[seal_state]=failed',
        headers: school.headers,
      });
      expect(listed.json().data.map((c: { id: string }) => c.id)).toContain(id);

      // The store is back; the admin retries: the event, which the adapter sends to the waiting run.
      sealerDown = false;
      const retried = await call(h.app, {
        method: 'POST',
        url: `/api/v1/contracts/${id}/retry_seal`,
        headers: school.headers,
      });
      expectStatus(retried, 200);
      const [event] = await outboxEvents(h, 'placements.contract.seal_requested', id);
      expect(event?.data).toMatchObject({ contract_id: id });
      await workflows.retrySeal({ tenant: TENANT, contractId: id });
      const result = await temporal.env.client.workflow.getHandle(contractSigningWorkflowId(id)).result();
      expect(result).toMatchObject({ ended: 'sealed' });
      const sealed = await read(id);
      expect(sealed.attributes).toMatchObject({ status: 'sealed', seal_state: 'sealed', seal_error: null });
      expect(sealed.meta.actions).not.toContain('retry_seal');
      const stored = await sql<{ n: number }>`select count(*)::int as n from placements.contract_documents
        where contract_id = ${id}`.execute(h.owner);
      expect(stored.rows[0]!.n).toBe(1);
      expect(attempts).toHaveLength(SEALING.attempts);
    },
  );

  it(
    'a render process killed mid-render: the attempt fails, a new process renders the retry, the contract seals',
    { timeout: 300_000 },
    async () => {
      sealerDown = false;
      const id = await signedContract();
      const renderer = rendererFor(h.platform.config);
      killNextRender = true;
      const workflows = signingWorkflows(temporalClientOf(temporal.env.client));
      temporal.started(contractSigningWorkflowId(id));
      await workflows.start({ tenant: TENANT, contractId: id });
      const result = await temporal.env.client.workflow.getHandle(contractSigningWorkflowId(id)).result();
      expect(result).toMatchObject({ ended: 'sealed' });

      // The first attempt's render died with its process; the second rendered in the process started again.
      expect(renders).toEqual([
        {
          attempt: 1,
          pid: expect.any(Number),
          error: expect.stringContaining('process exited with SIGKILL'),
        },
      ]);
      expect(renderer.pids()).toHaveLength(1);
      expect(renderer.pids()).not.toContain(renders[0]!.pid);
      const sealed = await read(id);
      // Both attempts counted on the contract: the failed one, then the seal.
      expect(sealed.attributes).toMatchObject({
        status: 'sealed',
        seal_state: 'sealed',
        seal_error: null,
        seal_attempts: 2,
      });
      const stored = await sql<{ n: number }>`select count(*)::int as n from placements.contract_documents
        where contract_id = ${id}`.execute(h.owner);
      expect(stored.rows[0]!.n).toBe(1);
    },
  );
});
