import type { z } from 'zod';
import { ZEventEnvelope, type TEventEnvelope } from '@stageplein/contracts/events/envelope';
import { EVENT_PAYLOADS } from '@stageplein/contracts/events/payloads';
import { withSpanFrom } from '../telemetry/telemetry.ts';
import type { TConsumer, TDeadLetter } from './transport.ts';

/** An event that can never take effect as received (bad envelope, unknown type, invalid data). */
export class PoisonEventError extends Error {
  override name = 'PoisonEventError';
}

const issues = (error: z.ZodError) =>
  error.issues.map((i) => `${i.path.length ? i.path.join('.') : '(root)'}: ${i.message}`).join('; ');

/** Checks the envelope and its `data` against the contract (EVENT_PAYLOADS); throws PoisonEventError. */
export function validateEvent(raw: unknown): TEventEnvelope {
  const envelope = ZEventEnvelope.safeParse(raw);
  if (!envelope.success) throw new PoisonEventError(`invalid envelope: ${issues(envelope.error)}`);
  const type = envelope.data.type;
  const schema = (EVENT_PAYLOADS as Record<string, z.ZodType | undefined>)[type];
  if (!schema) throw new PoisonEventError(`unknown event type ${type}`);
  const data = schema.safeParse(envelope.data.data);
  if (!data.success) throw new PoisonEventError(`invalid ${type} data: ${issues(data.error)}`);
  return envelope.data;
}

export interface TRetryPolicy {
  /** Deliveries before an event is dead-lettered. */
  attempts: number;
  initialMs: number;
  maxMs: number;
}

export const DEFAULT_RETRY: TRetryPolicy = { attempts: 5, initialMs: 200, maxMs: 5000 };

export interface TDeliverOptions {
  /** `messaging.system` of the consumer span, e.g. `kafka`. */
  system: string;
  origin: string;
  /** From the transport's headers; falls back to the envelope's. */
  traceparent?: string;
  retry?: TRetryPolicy;
  /** Between attempts, e.g. a Kafka heartbeat so a slow retry does not cost the group its partitions. */
  beforeRetry?: () => Promise<void>;
  onDeadLetter?: (group: string, letter: TDeadLetter) => void;
}

/** Runs `fn` in the consumer span of one event, a child of the request that produced it. */
function inConsumerSpan(
  consumer: TConsumer,
  event: TEventEnvelope,
  system: string,
  traceparent: string | undefined,
  fn: () => Promise<void>,
) {
  return withSpanFrom(
    `${consumer.group} process ${event.type}`,
    traceparent ?? event.traceparent,
    async (span) => {
      span.setAttributes({
        'messaging.system': system,
        'messaging.operation.type': 'process',
        'messaging.consumer.group.name': consumer.group,
        'messaging.message.id': event.id,
        'stageplein.event.type': event.type,
        'stageplein.tenant': event.tenant,
      });
      await fn();
    },
  );
}

/** Validates and handles one event once, in a consumer span that is a child of the producing request. */
export async function handleOnce(
  consumer: TConsumer,
  raw: unknown,
  system: string,
  traceparent?: string,
): Promise<void> {
  const event = validateEvent(raw);
  await inConsumerSpan(consumer, event, system, traceparent, () => consumer.handle(event));
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Delivers one received event to one group, the same way for every transport: invalid events are
 * dead-lettered at once; a failing handler is retried with backoff and dead-lettered after
 * `retry.attempts`. Resolves when the event was handled (undefined) or durably dead-lettered (the
 * letter); rejects only when even the dead letter could not be recorded (e.g. the consumer's
 * database is down), so the transport redelivers later instead of losing the event.
 */
export async function deliver(
  consumer: TConsumer,
  raw: unknown,
  options: TDeliverOptions,
): Promise<TDeadLetter | undefined> {
  const retry = options.retry ?? DEFAULT_RETRY;
  let attempts = 0;
  let failure: unknown;
  for (;;) {
    attempts++;
    try {
      await handleOnce(consumer, raw, options.system, options.traceparent);
      return undefined;
    } catch (error) {
      failure = error;
      if (error instanceof PoisonEventError || attempts >= retry.attempts) break;
    }
    await sleep(Math.min(retry.initialMs * 2 ** (attempts - 1), retry.maxMs));
    await options.beforeRetry?.();
  }
  const letter: TDeadLetter = {
    event: raw,
    reason: message(failure),
    attempts,
    origin: options.origin,
    error: failure,
  };
  await consumer.deadLetter(letter);
  options.onDeadLetter?.(consumer.group, letter);
  return letter;
}

/** One event as a transport received it. */
export interface TReceived {
  raw: unknown;
  origin: string;
  traceparent?: string;
  /** Set when the transport already knows it is unusable (e.g. not JSON): dead-lettered with this reason. */
  poison?: string;
}

/** Events per transaction when a group takes them in batches. */
export const MAX_BATCH = 100;

/**
 * Delivers received events to one group, in order. Runs of valid events go to the group's
 * `handleBatch` (one transaction each, at most MAX_BATCH events); an invalid event ends the run and is
 * dead-lettered by itself; a run whose batch fails is delivered again one by one (`deliver`: retries,
 * dead letters). So order per aggregate holds, a bad event costs only itself, and a burst costs one
 * commit per run instead of one per event. Resolves with the dead letters, in order.
 */
export async function deliverAll(
  consumer: TConsumer,
  received: readonly TReceived[],
  options: Omit<TDeliverOptions, 'origin' | 'traceparent'>,
): Promise<{ item: TReceived; letter: TDeadLetter }[]> {
  const letters: { item: TReceived; letter: TDeadLetter }[] = [];
  let run: { item: TReceived; event: TEventEnvelope }[] = [];

  async function oneByOne(item: TReceived): Promise<void> {
    const letter = await deliver(consumer, item.raw, {
      ...options,
      origin: item.origin,
      traceparent: item.traceparent,
    });
    if (letter) letters.push({ item, letter });
  }
  async function flush(): Promise<void> {
    const batch = run;
    run = [];
    if (batch.length === 0) return;
    if (consumer.handleBatch && batch.length > 1) {
      const traceparents = new Map(batch.map((b) => [b.event, b.item.traceparent]));
      try {
        await consumer.handleBatch(
          batch.map((b) => b.event),
          (event, fn) => inConsumerSpan(consumer, event, options.system, traceparents.get(event), fn),
        );
        return;
      } catch {
        // Nothing of the batch took effect: one by one, with retries and dead letters per event.
      }
    }
    for (const b of batch) await oneByOne(b.item);
  }

  for (const item of received) {
    if (item.poison) {
      await flush();
      const letter: TDeadLetter = { event: item.raw, reason: item.poison, attempts: 1, origin: item.origin };
      await consumer.deadLetter(letter);
      options.onDeadLetter?.(consumer.group, letter);
      letters.push({ item, letter });
      continue;
    }
    let event: TEventEnvelope;
    try {
      event = validateEvent(item.raw);
    } catch {
      await flush();
      await oneByOne(item); // dead-lettered at once, with the validation error as the reason
      continue;
    }
    run.push({ item, event });
    if (run.length >= MAX_BATCH) await flush();
  }
  await flush();
  return letters;
}
