import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { WorkflowNotFoundError, WorkflowUpdateFailedError } from '@temporalio/client';
import { ApplicationFailure } from '@temporalio/common';
import { Context } from '@temporalio/activity';
import { describe, expect, it } from 'vitest';
import {
  contractSigners,
  type TSignerRole,
  type TTemplateSigner,
} from '@stageplein/contracts/internship-contracts/contract-rules';
import { SEALING, SIGNING_EXPIRY_DAYS } from '@stageplein/contracts/internship-contracts/contract-signing';
import {
  CONTRACT_SIGNING_FAILURES,
  QUERIES,
  SIGNALS,
  UPDATES,
  contractSigningWorkflowId,
  type TContractSigningState,
} from '@stageplein/contracts/workflows/names';
import type { TSigningActivities, TSigningSigner } from '@stageplein/placements/activities';
import { timeSkippingWorker } from '../../test/time-skipping.ts';

/**
 * The contract-signing workflow on Temporal's Java test server with time skipping: days pass in
 * moments, and each stand-in activity records the workflow time it ran at. The stand-ins keep the
 * signers as placements' activities do (idempotent, a signature once); placements' own activities and
 * routes are tested against the real database in services/placements (signing.int.test.ts).
 */
const WORKFLOW = path.join(path.dirname(fileURLToPath(import.meta.url)), 'contract-signing.workflow.ts');
const DAY = 86_400_000;
const TASK_QUEUE = 'contract-signing-test';

interface TCall {
  name: string;
  input: Record<string, unknown>;
  at: number;
}
const calls: TCall[] = [];
const contracts = new Map<
  string,
  {
    status: string;
    signers: TSigningSigner[];
    startedAt: string | null;
    /** The seal stand-in fails while this is set (the renderer or the store broken, say). */
    sealBroken?: boolean;
    /** The seal stand-in fails with a retryable error while this is set: the activity's retry policy applies. */
    sealDown?: boolean;
    /** Each seal attempt: its number and the test server's time (ms) when it ran. */
    sealAttempts?: { attempt: number; at: number }[];
    sealState?: 'pending' | 'failed' | 'sealed';
  }
>();
/** The workflow clock when the activity was scheduled (ms): the test server's, which skips days. */
const clock = (): number => Context.current().info.currentAttemptScheduledTimestampMs;

const standIns: TSigningActivities = {
  async beginSigning({ contractId }) {
    calls.push({ name: 'beginSigning', input: { contractId }, at: clock() });
    const c = contracts.get(contractId);
    if (!c || c.status !== 'signing')
      return { kind: 'closed', status: (c?.status ?? 'missing') as 'voided' | 'signed' };
    c.startedAt ??= new Date(clock()).toISOString();
    return { kind: 'open', startedAt: c.startedAt, signers: c.signers.map((s) => ({ ...s })) };
  },
  async openTurn(input) {
    calls.push({ name: 'openTurn', input, at: clock() });
    const c = contracts.get(input.contractId)!;
    for (const s of c.signers) if (input.signerIds.includes(s.id)) s.turnAt ??= input.at;
    return { turnAt: input.at };
  },
  async remindSigner(input) {
    calls.push({ name: 'remindSigner', input, at: clock() });
  },
  async recordSignature(input) {
    calls.push({ name: 'recordSignature', input: { signerId: input.signerId }, at: clock() });
    const c = contracts.get(input.contractId)!;
    if (c.status !== 'signing') return { ok: false };
    c.signers.find((s) => s.id === input.signerId)!.state = 'signed';
    return { ok: true };
  },
  async completeSigning(input) {
    calls.push({ name: 'completeSigning', input, at: clock() });
    contracts.get(input.contractId)!.status = 'signed';
  },
  async expireSigning(input) {
    calls.push({ name: 'expireSigning', input, at: clock() });
    contracts.get(input.contractId)!.status = 'voided';
  },
  async closeSigning(input) {
    calls.push({ name: 'closeSigning', input, at: clock() });
  },
  async sealContract(input) {
    calls.push({ name: 'sealContract', input, at: clock() });
    const c = contracts.get(input.contractId)!;
    // Not retryable here: the test server does not skip an activity's retry backoff (minutes in real
    // time); the bounded attempts (SEALING.attempts) are the activity's retry policy.
    if (c.sealBroken) throw ApplicationFailure.nonRetryable('the object store is away', 'SealFailed');
    if (c.sealDown) {
      (c.sealAttempts ??= []).push({
        attempt: Context.current().info.attempt,
        at: await temporal.env.currentTimeMs(),
      });
      throw ApplicationFailure.retryable('the renderer is away', 'SealFailed');
    }
    if (c.sealState === undefined) return { sealed: false };
    c.sealState = 'sealed';
    c.status = 'sealed';
    return { sealed: true };
  },
  async markSealFailed(input) {
    calls.push({ name: 'markSealFailed', input, at: clock() });
    contracts.get(input.contractId)!.sealState = 'failed';
  },
};

const temporal = timeSkippingWorker({ workflowsPath: WORKFLOW, taskQueue: TASK_QUEUE, activities: standIns });
let n = 0;

const sid = (contract: string, role: TSignerRole) => `${contract}:${role}`;

/** A contract out for signing with the template's signers (the parent only for a minor, as generation does). */
async function start(template: TTemplateSigner[], minor = false, status = 'signing') {
  const id = `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`;
  temporal.started(contractSigningWorkflowId(id));
  contracts.set(id, {
    status,
    sealState: status === 'signed' ? 'pending' : undefined,
    startedAt: null,
    signers: contractSigners(template, minor).map((s) => ({
      id: sid(id, s.role),
      role: s.role,
      order: s.order,
      state: 'pending',
      turnAt: null,
      remindersSent: 0,
    })),
  });
  const handle = await temporal.env.client.workflow.start('contractSigning', {
    taskQueue: TASK_QUEUE,
    workflowId: contractSigningWorkflowId(id),
    args: [{ tenant: 'demo', contractId: id }],
  });
  return { id, handle };
}

const callsOf = (id: string) =>
  calls.filter((c) => c.input.contractId === id || String(c.input.signerId ?? '').startsWith(id));
const turnsOf = (id: string) =>
  callsOf(id)
    .filter((c) => c.name === 'openTurn')
    .map((c) => (c.input.signerIds as string[]).map((s) => s.split(':')[1]).sort());

async function stateOf(workflowId: string, until: (s: TContractSigningState) => boolean) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const s = await temporal.env.client.workflow
      .getHandle(workflowId)
      .query<TContractSigningState>(QUERIES.contractSigningState);
    if (until(s)) return s;
    if (Date.now() > deadline) throw new Error(`the run never reached the state: ${JSON.stringify(s)}`);
    // Between two polls: a tighter loop makes the test server refuse the connection's keep-alive pings.
    await new Promise((r) => setTimeout(r, 100));
  }
}

const sign = (workflowId: string, signerId: string) =>
  temporal.env.client.workflow.getHandle(workflowId).executeUpdate(UPDATES.signContract, {
    args: [
      {
        signerId,
        signature: 'data:image/png;base64,AAAA',
        actor: 'u-1',
        linkId: null,
        ip: '127.0.0.1',
        userAgent: 'test',
        at: new Date().toISOString(),
      },
    ],
  });

async function refusal(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
    return undefined;
  } catch (error) {
    expect(error).toBeInstanceOf(WorkflowUpdateFailedError);
    const cause = (error as WorkflowUpdateFailedError).cause;
    return cause instanceof ApplicationFailure ? (cause.type ?? undefined) : String(cause);
  }
}

const STALL_TIMEOUT = 300_000;

/**
 * Ends a run that waits for signers by voiding it, and waits for its end: a run terminated while its
 * activity is outstanding keeps the test server from skipping time for the next test (a 4 s test took 160 s).
 */
async function endByVoiding(
  id: string,
  handle: { signal(name: string): Promise<void>; result(): Promise<unknown> },
) {
  contracts.get(id)!.status = 'voided';
  await handle.signal(SIGNALS.contractVoided);
  await handle.result();
}
const COMPANY_FIRST: TTemplateSigner[] = [
  { role: 'company', order: 1 },
  { role: 'student', order: 2 },
  { role: 'parent_guardian', order: 2 },
  { role: 'school_representative', order: 3 },
];

describe('contract signing on the time-skipping test server', () => {
  it(
    'takes the company first, then the student and the parent of a minor in parallel, then the school; refuses out of turn and twice',
    { timeout: STALL_TIMEOUT },
    async () => {
      const { id, handle } = await start(COMPANY_FIRST, true);
      const wf = handle.workflowId;
      await stateOf(wf, (s) => s.toAct.length > 0);
      expect(turnsOf(id)).toEqual([['company']]);
      // The student's link copied before the company signed: refused, and nothing written.
      expect(await refusal(sign(wf, sid(id, 'student')))).toBe(CONTRACT_SIGNING_FAILURES.notYourTurn);
      await sign(wf, sid(id, 'company'));
      expect(await refusal(sign(wf, sid(id, 'company')))).toBe(CONTRACT_SIGNING_FAILURES.alreadySigned);
      await stateOf(wf, (s) => s.toAct.length === 2);
      expect(turnsOf(id)).toEqual([['company'], ['parent_guardian', 'student']]);
      // Equal order: either may sign first; the school waits for both.
      await sign(wf, sid(id, 'parent_guardian'));
      expect(await refusal(sign(wf, sid(id, 'school_representative')))).toBe(
        CONTRACT_SIGNING_FAILURES.notYourTurn,
      );
      await sign(wf, sid(id, 'student'));
      await stateOf(wf, (s) => s.toAct.length === 1 && s.toAct[0] === sid(id, 'school_representative'));
      await sign(wf, sid(id, 'school_representative'));
      const result = await handle.result();
      // No sealer in the stand-ins: the run ends `signed` with the seal pending.
      expect(result.ended).toBe('signed');
      expect(callsOf(id).map((c) => c.name)).toEqual([
        'beginSigning',
        'openTurn',
        'recordSignature',
        'openTurn',
        'recordSignature',
        'recordSignature',
        'openTurn',
        'recordSignature',
        'completeSigning',
        'sealContract',
      ]);
      // The run has ended: an update finds no run (the routes answer `contract_signing_closed`).
      await expect(sign(wf, sid(id, 'student'))).rejects.toThrow(WorkflowNotFoundError);
    },
  );

  it(
    'an adult student has no parent signer: the student alone after the company',
    { timeout: STALL_TIMEOUT },
    async () => {
      const { id, handle } = await start(COMPANY_FIRST, false);
      await stateOf(handle.workflowId, (s) => s.toAct.length > 0);
      await sign(handle.workflowId, sid(id, 'company'));
      await stateOf(handle.workflowId, (s) => s.toAct[0] === sid(id, 'student'));
      expect(turnsOf(id)).toEqual([['company'], ['student']]);
      expect(contracts.get(id)!.signers.map((s) => s.role)).not.toContain('parent_guardian');
      await endByVoiding(id, handle);
    },
  );

  it(
    'reminds a waiting signer after 5 days, then every 2, at most 5 times, and expires the contract at 30 days',
    { timeout: STALL_TIMEOUT },
    async () => {
      const { id, handle } = await start([
        { role: 'student', order: 1 },
        { role: 'company', order: 2 },
      ]);
      await stateOf(handle.workflowId, (s) => s.toAct.length > 0);
      const t0 = Date.parse(String(callsOf(id).find((c) => c.name === 'openTurn')!.input.at));
      await temporal.env.sleep(`${SIGNING_EXPIRY_DAYS + 1} days`);
      const result = await handle.result();
      expect(result.ended).toBe('expired');
      const moments = callsOf(id)
        .filter((c) => c.name === 'remindSigner' || c.name === 'expireSigning')
        .map((c) => [c.name, c.input.reminder ?? null, Math.round((c.at - t0) / DAY)]);
      expect(moments).toEqual([
        ['remindSigner', 1, 5],
        ['remindSigner', 2, 7],
        ['remindSigner', 3, 9],
        ['remindSigner', 4, 11],
        ['remindSigner', 5, 13],
        ['expireSigning', null, 30],
      ]);
    },
  );

  it(
    "reminders count from the signer's own turn: the second group is reminded 5 days after it came",
    { timeout: STALL_TIMEOUT },
    async () => {
      const { id, handle } = await start([
        { role: 'student', order: 1 },
        { role: 'company', order: 2 },
      ]);
      await stateOf(handle.workflowId, (s) => s.toAct.length > 0);
      await temporal.env.sleep('3 days');
      await sign(handle.workflowId, sid(id, 'student'));
      await stateOf(handle.workflowId, (s) => s.toAct[0] === sid(id, 'company'));
      const turn2 = Date.parse(String(callsOf(id).filter((c) => c.name === 'openTurn')[1]!.input.at));
      await temporal.env.sleep('6 days');
      const reminders = callsOf(id).filter((c) => c.name === 'remindSigner');
      // The student's first reminder (day 5) never came: they signed on day 3.
      expect(
        reminders.map((c) => [String(c.input.signerId).split(':')[1], Math.round((c.at - turn2) / DAY)]),
      ).toEqual([['company', 5]]);
    },
  );

  it(
    'voiding ends the run: the links are closed and a signature is refused',
    { timeout: STALL_TIMEOUT },
    async () => {
      const { id, handle } = await start(COMPANY_FIRST, true);
      await stateOf(handle.workflowId, (s) => s.toAct.length > 0);
      contracts.get(id)!.status = 'voided';
      await handle.signal(SIGNALS.contractVoided);
      const result = await handle.result();
      expect(result.ended).toBe('voided');
      expect(callsOf(id).map((c) => c.name)).toEqual(['beginSigning', 'openTurn', 'closeSigning']);
      await expect(sign(handle.workflowId, sid(id, 'company'))).rejects.toThrow(WorkflowNotFoundError);
    },
  );

  it(
    'a seal that fails: failed for the admins, the run waits; their retry seals it, and a run that had ended starts again to seal',
    { timeout: STALL_TIMEOUT },
    async () => {
      const { id, handle } = await start([
        { role: 'company', order: 1 },
        { role: 'student', order: 2 },
      ]);
      const c = contracts.get(id)!;
      c.sealBroken = true;
      c.sealState = 'pending';
      const wf = handle.workflowId;
      await stateOf(wf, (s) => s.toAct.length === 1);
      await sign(wf, sid(id, 'company'));
      await stateOf(wf, (s) => s.toAct.length === 1 && s.toAct[0] === sid(id, 'student'));
      await sign(wf, sid(id, 'student'));
      // The attempts fail: the contract is marked failed once, and the run waits (not ended).
      await stateOf(wf, () => callsOf(id).some((x) => x.name === 'markSealFailed'));
      expect(callsOf(id).filter((x) => x.name === 'sealContract')).toHaveLength(1);
      expect(c.sealState).toBe('failed');
      expect((await stateOf(wf, () => true)).ended).toBe('signed');
      // The store is back; an admin's retry (the signal placements sends) seals it and the run ends.
      c.sealBroken = false;
      await handle.signal(SIGNALS.contractSealRetry);
      const result = await handle.result();
      expect(result.ended).toBe('sealed');
      expect(c.status).toBe('sealed');
      expect(callsOf(id).filter((x) => x.name === 'sealContract')).toHaveLength(2);

      // A signed contract whose run had ended (terminated, say): the retry starts a run that only seals.
      const again = await start([{ role: 'student', order: 1 }], false, 'signed');
      const result2 = await again.handle.result();
      expect(result2.ended).toBe('sealed');
      expect(callsOf(again.id).map((x) => x.name)).toEqual(['beginSigning', 'sealContract']);
    },
  );

  it(
    'a failing seal is retried per policy (SEALING.attempts, 10 s doubling to 10 min), then failed; a retry seals it',
    { timeout: STALL_TIMEOUT },
    async () => {
      const { id, handle } = await start([{ role: 'student', order: 1 }]);
      const c = contracts.get(id)!;
      c.sealDown = true;
      c.sealState = 'pending';
      const wf = handle.workflowId;
      await stateOf(wf, (s) => s.toAct.length === 1);
      await sign(wf, sid(id, 'student'));
      // The backoffs pass on the test server's clock (skipped while the test sleeps): about 20 minutes.
      await temporal.env.sleep('30 minutes');
      await stateOf(wf, () => callsOf(id).some((x) => x.name === 'markSealFailed'));
      const attempts = c.sealAttempts!;
      expect(attempts.map((a) => a.attempt)).toEqual(
        Array.from({ length: SEALING.attempts }, (_, i) => i + 1),
      );
      // Waits between attempts: 10 s doubling, at most 10 minutes (a second's slack for the test server).
      const gaps = attempts.slice(1).map((a, i) => Math.round((a.at - attempts[i]!.at) / 1000));
      const policy = gaps.map((_, i) => Math.min(10 * 2 ** i, 600));
      gaps.forEach((gap, i) =>
        expect(Math.abs(gap - policy[i]!), `gap ${i + 1}: ${gaps}`).toBeLessThanOrEqual(1),
      );
      // Then failed once, the run waits for a retry (not ended, not tried again within the day).
      expect(callsOf(id).filter((x) => x.name === 'markSealFailed')).toHaveLength(1);
      expect(c.sealState).toBe('failed');
      expect((await stateOf(wf, () => true)).ended).toBe('signed');
      // The renderer is back; the admin's retry (placements' signal) seals it at once.
      c.sealDown = false;
      await handle.signal(SIGNALS.contractSealRetry);
      expect((await handle.result()).ended).toBe('sealed');
      expect(c.status).toBe('sealed');
      expect(c.sealAttempts).toHaveLength(SEALING.attempts);
    },
  );

  it('a contract voided before its run began ends at once', { timeout: STALL_TIMEOUT }, async () => {
    const { id, handle } = await start(COMPANY_FIRST);
    contracts.get(id)!.status = 'voided';
    // The stand-in reads the status when the run begins; the run may already have begun: then the signal ends it.
    await handle.signal(SIGNALS.contractVoided);
    const result = await handle.result();
    expect(result.ended).toBe('voided');
    expect(callsOf(id).map((c) => c.name)).not.toContain('completeSigning');
  });
});
