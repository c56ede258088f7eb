import { z } from 'zod';
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

/** Validates and handles one event once, in a consumer span that is a child of the producing request. */
export async function handleOnce(consumer: TConsumer, raw: unknown, system: string, traceparent?: string): Promise<void> {
  const event = validateEvent(raw);
  await withSpanFrom(`${consumer.group} process ${event.type}`, traceparent ?? event.traceparent, async (span) => {
    span.setAttributes({
      'messaging.system': system,
      'messaging.operation.type': 'process',
      'messaging.consumer.group.name': consumer.group,
      'messaging.message.id': event.id,
      'stageplein.event.type': event.type,
      'stageplein.tenant': event.tenant,
    });
    await consumer.handle(event);
  });
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Delivers one received event to one group, the same way for every transport: invalid events are
 * dead-lettered at once; a failing handler is retried with backoff and dead-lettered after
 * `retry.attempts`. Resolves when the event was handled or durably dead-lettered; rejects only when
 * even the dead letter could not be recorded (e.g. the consumer's database is down), so the
 * transport redelivers later instead of losing the event.
 */
export async function deliver(consumer: TConsumer, raw: unknown, options: TDeliverOptions): Promise<'handled' | 'dead-lettered'> {
  const retry = options.retry ?? DEFAULT_RETRY;
  let attempts = 0;
  let reason = '';
  for (;;) {
    attempts++;
    try {
      await handleOnce(consumer, raw, options.system, options.traceparent);
      return 'handled';
    } catch (error) {
      reason = message(error);
      if (error instanceof PoisonEventError || attempts >= retry.attempts) break;
    }
    await sleep(Math.min(retry.initialMs * 2 ** (attempts - 1), retry.maxMs));
    await options.beforeRetry?.();
  }
  const letter: TDeadLetter = { event: raw, reason, attempts, origin: options.origin };
  await consumer.deadLetter(letter);
  options.onDeadLetter?.(consumer.group, letter);
  return 'dead-lettered';
}
