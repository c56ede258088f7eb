import type { TEventEnvelope } from '@stageplein/contracts/events/envelope';

/** An event a consumer group gave up on, with why; see dead-letters.ts. */
export interface TDeadLetter {
  /** The envelope as received (parsed JSON), or `{ raw }` when it was not even JSON. */
  event: unknown;
  reason: string;
  /** Deliveries tried before giving up (1 for events that can never succeed, e.g. invalid data). */
  attempts: number;
  /** Where it was received: `in-process`, or `kafka:<topic>/<partition>@<offset>`. */
  origin: string;
  /** The last attempt's error as thrown, so a consumer can tell failures apart by kind (not recorded). */
  error?: unknown;
}

/** A consumer group: one per consuming service and purpose. */
export interface TConsumer {
  group: string;
  /** Event types this group wants. */
  types: readonly string[];
  /** The effect of one validated event; may run more than once per event (at-least-once). */
  handle(event: TEventEnvelope): Promise<void>;
  /**
   * Optional: the effects of several validated events, in order, in ONE transaction, so a burst costs
   * one commit instead of one per event. All or nothing: when it rejects, the transport delivers the
   * same events one by one through `handle` (retries, dead letters). `each` wraps each event's part
   * (its consumer span, a child of the producing request).
   */
  handleBatch?(
    events: readonly TEventEnvelope[],
    each: (event: TEventEnvelope, fn: () => Promise<void>) => Promise<void>,
  ): Promise<void>;
  /**
   * Records an event this group gives up on, durably and idempotently per event id, so an operator
   * can replay it (`npm run events:replay`). Until it resolves the event counts as undelivered.
   */
  deadLetter(letter: TDeadLetter): Promise<void>;
}

/**
 * An outbox row as stored: the envelope's JSON text, and the attributes that route it and fill the
 * message headers. A transport that sends bytes anyway takes this as is (no parse and re-serialise).
 */
export interface TStoredEvent {
  id: string;
  type: string;
  subject: string;
  source: string;
  tenant: string;
  traceparent?: string;
  json: string;
}

/**
 * Where the relay delivers committed events. `publish` resolves only when every event is durably
 * accepted, keeping the given order per subject; a rejection leaves the rows unsent for a retry.
 * `subscribe` resolves once the group is receiving.
 */
export interface TEventTransport {
  readonly name: string;
  publish(events: readonly TEventEnvelope[]): Promise<void>;
  /** Optional: `publish` of stored rows as they are (same contract); the relay prefers it. */
  publishStored?(events: readonly TStoredEvent[]): Promise<void>;
  subscribe(consumer: TConsumer): Promise<void>;
  close(): Promise<void>;
}
