import { isGrpcServiceError } from '@temporalio/client';
import type { TConsumer } from '../outbox/transport.ts';
import { TemporalAwayError, type TTemporalClient } from './temporal-client.ts';

/** gRPC outcomes that say nothing about the request, only that Temporal was away or too slow to answer. */
const AWAY = new Set<number>([4, 14]); // DEADLINE_EXCEEDED, UNAVAILABLE (grpc status codes)

/** Whether `error` (or what it wraps: the SDK wraps gRPC errors in its own) is Temporal not answering. */
export function isTemporalAway(error: unknown): boolean {
  for (let e = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (e instanceof TemporalAwayError) return true;
    if (isGrpcServiceError(e) && AWAY.has(e.code)) return true;
  }
  return false;
}

/**
 * A consumer whose effect is a call to Temporal (starting or signalling a workflow), made so that no event
 * is lost to a Temporal outage or a slow Temporal. The transport retries a failing event and then
 * dead-letters it, and a dead letter waits for someone to replay it; so while Temporal is away the group
 * refuses to dead-letter and the event counts as undelivered (in-process: the relay publishes it again
 * with its backoff, at most 5 s apart; Kafka: the partition is not committed), for as long as the outage
 * lasts. Away means: the failing call itself timed out or found no server (e.g. a start on a loaded
 * server, just restarted, answering its health check but not yet the start), or Temporal does not answer
 * a health check now. Only a call that fails while Temporal answers it is dead-lettered. Without Temporal
 * (TEMPORAL_ADDRESS unset) the consumer is as given.
 */
export function undeliveredWhileTemporalAway(
  consumer: TConsumer,
  temporal: TTemporalClient,
  options: { configured: boolean; what: string },
): TConsumer {
  if (!options.configured) return consumer;
  const marked =
    <A extends unknown[]>(fn: (...args: A) => Promise<void>) =>
    async (...args: A) => {
      try {
        await fn(...args);
      } catch (error) {
        if (!isTemporalAway(error) || error instanceof TemporalAwayError) throw error;
        throw new TemporalAwayError(error);
      }
    };
  return {
    ...consumer,
    handle: marked(consumer.handle.bind(consumer)),
    ...(consumer.handleBatch ? { handleBatch: marked(consumer.handleBatch.bind(consumer)) } : {}),
    async deadLetter(letter) {
      // attempts 1: an event that can never succeed (invalid data) is dead-lettered at once.
      if (letter.attempts > 1 && (letter.error instanceof TemporalAwayError || !(await temporal.reachable())))
        throw new Error(`Temporal is unreachable; ${options.what} stays undelivered: ${letter.reason}`);
      await consumer.deadLetter(letter);
    },
  };
}
