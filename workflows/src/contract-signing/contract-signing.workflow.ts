import {
  ActivityFailure,
  ApplicationFailure,
  allHandlersFinished,
  condition,
  defineQuery,
  defineSignal,
  defineUpdate,
  proxyActivities,
  setHandler,
} from '@temporalio/workflow';
import { signersToAct } from '@stageplein/contracts/internship-contracts/contract-rules';
import {
  SEALING,
  signerReminderMoments,
  signingExpiresAt,
} from '@stageplein/contracts/internship-contracts/contract-signing';
import {
  CONTRACT_SIGNING_FAILURES,
  QUERIES,
  SIGNALS,
  UPDATES,
  type TContractSigningInput,
  type TContractSigningState,
  type TSignContractUpdate,
} from '@stageplein/contracts/workflows/names';
import type { TSigningActivities, TSigningSigner } from '@stageplein/placements/activities';

export const contractVoidedSignal = defineSignal(SIGNALS.contractVoided);
export const contractSealRetrySignal = defineSignal(SIGNALS.contractSealRetry);
export const signContractUpdate = defineUpdate<{ signerId: string }, [TSignContractUpdate]>(
  UPDATES.signContract,
);
export const contractSigningStateQuery = defineQuery<TContractSigningState>(QUERIES.contractSigningState);

/**
 * Each activity is one transaction of placements and idempotent (a signer's turn is opened once, a
 * reminder counted once, a signature written once), so a retry or a new worker never writes twice.
 */
const activities = proxyActivities<TSigningActivities>({
  startToCloseTimeout: '30 seconds',
  retry: {
    initialInterval: '1 second',
    backoffCoefficient: 2,
    maximumInterval: '5 minutes',
    maximumAttempts: 20,
  },
});

/**
 * Sealing renders and stores the document: slower, and retried (each failed attempt's error and count on
 * the contract). After `SEALING.attempts` the contract shows `seal_state` `failed` to the school's admins
 * and the run waits for their retry (a signal), or tries again `SEALING.retryAfter` later by itself.
 */
const sealing = proxyActivities<Pick<TSigningActivities, 'sealContract'>>({
  startToCloseTimeout: '2 minutes',
  retry: {
    initialInterval: '10 seconds',
    backoffCoefficient: 2,
    maximumInterval: '10 minutes',
    maximumAttempts: SEALING.attempts,
  },
});

const refuse = (
  type: (typeof CONTRACT_SIGNING_FAILURES)[keyof typeof CONTRACT_SIGNING_FAILURES],
  message: string,
) => ApplicationFailure.create({ type, message, nonRetryable: true });

type TRunSigner = TSigningSigner & { inFlight: boolean };

/**
 * One contract's signing (issue #34 item 3, docs/decisions/internship-contracts.md "Signing"): the
 * signers of the lowest order group that still has someone pending get their turn (their links mailed by
 * an activity); signatures arrive as Updates whose validator refuses a signer out of turn, one who
 * signed, and a closed contract; each order group's signers are reminded 5 days after their turn, then
 * every 2, at most 5 times; the contract expires (voided, `expired`) 30 days after it went out. Voiding
 * (signal) ends the run. When everyone signed: status `signed`, then the seal.
 */
export async function contractSigning(input: TContractSigningInput): Promise<TContractSigningState> {
  const { tenant, contractId } = input;
  const run: {
    voided: boolean;
    ended: TContractSigningState['ended'];
    inFlight: number;
    sealRetry: boolean;
  } = {
    voided: false,
    ended: null,
    inFlight: 0,
    sealRetry: false,
  };
  const signers = new Map<string, TRunSigner>();
  const state = (): TContractSigningState => {
    const all = [...signers.values()];
    return {
      signers: all.map((s) => ({ id: s.id, order: s.order, state: s.state })),
      toAct: signersToAct(all).map((s) => s.id),
      ended: run.ended,
    };
  };
  setHandler(contractSigningStateQuery, state);
  setHandler(contractVoidedSignal, () => {
    run.voided = true;
  });
  setHandler(contractSealRetrySignal, () => {
    run.sealRetry = true;
  });

  /** Seals until it works: bounded attempts, then `failed` and a wait for a retry (an admin's, or later). */
  const seal = async (): Promise<TContractSigningState> => {
    for (;;) {
      run.sealRetry = false;
      try {
        const sealed = await sealing.sealContract({ tenant, contractId });
        if (sealed.sealed) run.ended = 'sealed';
        return state();
      } catch (error) {
        if (!(error instanceof ActivityFailure)) throw error;
        await activities.markSealFailed({ tenant, contractId });
        await condition(() => run.sealRetry, SEALING.retryAfter);
      }
    }
  };

  const begun = await activities.beginSigning({ tenant, contractId });
  if (begun.kind === 'closed' && begun.status === 'signed') {
    // Started again to seal (an admin's retry after the first run had ended): everyone signed already.
    run.ended = 'signed';
    return seal();
  }
  if (begun.kind === 'closed') {
    run.ended = begun.status === 'voided' ? 'voided' : begun.status === 'sealed' ? 'sealed' : null;
    return state();
  }
  for (const s of begun.signers) signers.set(s.id, { ...s, inFlight: false });

  const open = () => run.ended === null && !run.voided;
  setHandler(
    signContractUpdate,
    async (update) => {
      const signer = signers.get(update.signerId)!;
      signer.inFlight = true;
      run.inFlight++;
      try {
        const result = await activities.recordSignature({ tenant, contractId, ...update });
        if (!result.ok)
          throw refuse(CONTRACT_SIGNING_FAILURES.closed, `contract ${contractId} is not out for signing`);
        signer.state = 'signed';
        return { signerId: update.signerId };
      } finally {
        signer.inFlight = false;
        run.inFlight--;
      }
    },
    {
      validator: ({ signerId }) => {
        const signer = signers.get(signerId);
        if (!signer || !open())
          throw refuse(CONTRACT_SIGNING_FAILURES.closed, `contract ${contractId} is not out for signing`);
        if (signer.state === 'signed' || signer.inFlight)
          throw refuse(CONTRACT_SIGNING_FAILURES.alreadySigned, `signer ${signerId} has signed`);
        if (!signersToAct([...signers.values()]).some((s) => s.id === signerId))
          throw refuse(CONTRACT_SIGNING_FAILURES.notYourTurn, `signer ${signerId} is not in turn`);
      },
    },
  );

  const expiresAt = signingExpiresAt(Date.parse(begun.startedAt));
  for (;;) {
    if (run.voided) break;
    // A signature being written finishes before the turns are looked at again.
    await condition(() => run.inFlight === 0 || run.voided);
    if (run.voided) break;
    const toAct = signersToAct([...signers.values()]);
    if (toAct.length === 0) break;
    const fresh = toAct.filter((s) => s.turnAt === null);
    if (fresh.length > 0) {
      const opened = await activities.openTurn({
        tenant,
        contractId,
        signerIds: fresh.map((s) => s.id),
        at: new Date().toISOString(),
        expiresAt: new Date(expiresAt).toISOString(),
      });
      for (const s of fresh) s.turnAt = opened.turnAt;
    }
    const now = Date.now();
    if (now >= expiresAt) {
      await activities.expireSigning({ tenant, contractId, at: new Date(now).toISOString() });
      run.ended = 'expired';
      return state();
    }
    let next = expiresAt;
    for (const s of toAct) {
      const moments = signerReminderMoments(Date.parse(s.turnAt!));
      while (s.remindersSent < moments.length && moments[s.remindersSent]! <= now) {
        await activities.remindSigner({
          tenant,
          contractId,
          signerId: s.id,
          reminder: s.remindersSent + 1,
          expiresAt: new Date(expiresAt).toISOString(),
        });
        s.remindersSent++;
      }
      const due = moments[s.remindersSent];
      if (due !== undefined && due < next) next = due;
    }
    const group = toAct.map((s) => s.id);
    await condition(
      () => run.voided || run.inFlight > 0 || group.some((id) => signers.get(id)!.state === 'signed'),
      Math.max(1, next - Date.now()),
    );
  }

  await condition(allHandlersFinished);
  if (run.voided) {
    await activities.closeSigning({ tenant, contractId });
    run.ended = 'voided';
    return state();
  }
  await activities.completeSigning({ tenant, contractId, at: new Date().toISOString() });
  run.ended = 'signed';
  return seal();
}
