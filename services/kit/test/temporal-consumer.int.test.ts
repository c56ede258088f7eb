import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, inject, it } from 'vitest';
import type {} from '@stageplein/testing/temporal.global-setup';
import { parseConfig } from '../src/config/config.ts';
import { deliver } from '../src/outbox/delivery.ts';
import type { TConsumer, TDeadLetter } from '../src/outbox/transport.ts';
import {
  TEMPORAL_DID_NOT_ANSWER,
  temporalClientFor,
  type TTemporalClient,
} from '../src/temporal/temporal-client.ts';
import { undeliveredWhileTemporalAway } from '../src/temporal/temporal-consumer.ts';
import { schoolYearEnvelope, TYPE } from './fixtures/envelope.ts';

/**
 * A consumer whose effect is a call to Temporal keeps its event undelivered, never dead-lettered, while
 * Temporal does not answer — also when Temporal answers its health check but not the call in time — and
 * dead-letters what Temporal answers with a refusal. Against the run's Temporal dev server.
 */
const clients: TTemporalClient[] = [];
afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
});

const client = (env: Record<string, string>) => {
  const config = parseConfig(
    { TEMPORAL_ADDRESS: inject('temporalAddress'), AUTH_TOKEN_SECRET: 'x'.repeat(32), ...env },
    {},
  );
  const c = temporalClientFor(config);
  clients.push(c);
  return c;
};

/** A group whose effect is `effect`, and the dead letters it recorded. */
function group(temporal: TTemporalClient, effect: (t: TTemporalClient) => Promise<unknown>) {
  const letters: TDeadLetter[] = [];
  const consumer: TConsumer = {
    group: 'test.temporal-effect',
    types: [TYPE],
    handle: async () => void (await effect(temporal)),
    deadLetter: async (letter) => void letters.push(letter),
  };
  return { letters, consumer };
}
const RETRY = { attempts: 3, initialMs: 10, maxMs: 10 };
const options = { system: 'test', origin: 'test', retry: RETRY };

describe('undeliveredWhileTemporalAway', () => {
  it('keeps an event undelivered when the call times out while Temporal answers its health check', async () => {
    const temporal = client({ TEMPORAL_CALL_TIMEOUT_MS: '1000' });
    expect(await temporal.reachable()).toBe(true);
    // A workflow no worker runs: waiting for its result outlasts the 1 s call deadline, for real.
    const { letters, consumer } = group(temporal, async (t) => {
      const id = `slow-${randomUUID()}`;
      await t.connect().then((c) => c.workflow.start('neverRun', { taskQueue: 'nobody', workflowId: id }));
      await t.call((c) => c.workflow.getHandle(id).result());
    });
    const kept = undeliveredWhileTemporalAway(consumer, temporal, {
      configured: true,
      what: 'the test event',
    });
    await expect(deliver(kept, schoolYearEnvelope(), options)).rejects.toThrow(
      new RegExp(`^Temporal is unreachable; the test event stays undelivered: ${TEMPORAL_DID_NOT_ANSWER}`),
    );
    expect(letters).toEqual([]);
  });

  it('keeps it undelivered while nothing answers at the address', async () => {
    const temporal = client({ TEMPORAL_ADDRESS: '127.0.0.1:1', TEMPORAL_CALL_TIMEOUT_MS: '200' });
    const { letters, consumer } = group(temporal, (t) =>
      t.call((c) => c.workflow.start('neverRun', { taskQueue: 'nobody', workflowId: randomUUID() })),
    );
    const kept = undeliveredWhileTemporalAway(consumer, temporal, {
      configured: true,
      what: 'the test event',
    });
    // The connect's own failure is marked as Temporal not answering, not only the health check's.
    await expect(deliver(kept, schoolYearEnvelope(), options)).rejects.toThrow(
      new RegExp(`^Temporal is unreachable; the test event stays undelivered: ${TEMPORAL_DID_NOT_ANSWER}`),
    );
    expect(letters).toEqual([]);
  });

  it('dead-letters what Temporal answers with a refusal (a namespace it does not have)', async () => {
    const temporal = client({ TEMPORAL_NAMESPACE: `missing-${randomUUID().slice(0, 8)}` });
    const { letters, consumer } = group(temporal, (t) =>
      t.call((c) => c.workflow.start('neverRun', { taskQueue: 'nobody', workflowId: randomUUID() })),
    );
    const kept = undeliveredWhileTemporalAway(consumer, temporal, {
      configured: true,
      what: 'the test event',
    });
    const letter = await deliver(kept, schoolYearEnvelope(), options);
    expect(letter?.attempts).toBe(RETRY.attempts);
    expect(letter?.reason).not.toMatch(TEMPORAL_DID_NOT_ANSWER);
    expect(letters).toHaveLength(1);
  });

  it('is the consumer as given without Temporal configured', () => {
    const temporal = client({});
    const { consumer } = group(temporal, async () => undefined);
    expect(undeliveredWhileTemporalAway(consumer, temporal, { configured: false, what: 'x' })).toBe(consumer);
  });
});
