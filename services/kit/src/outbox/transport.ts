import type { TEventEnvelope } from '@stageplein/contracts/events/envelope';

/** A consumer group: one per consuming service and purpose. */
export interface TConsumer {
  group: string;
  /** Event types this group wants. */
  types: readonly string[];
  handle(event: TEventEnvelope): Promise<void>;
}

/**
 * Where the relay delivers committed events. `publish` resolves only when every event is durably
 * accepted, keeping the given order per subject; a rejection leaves the rows unsent for a retry.
 */
export interface TEventTransport {
  readonly name: string;
  publish(events: readonly TEventEnvelope[]): Promise<void>;
  subscribe(consumer: TConsumer): Promise<void>;
  close(): Promise<void>;
}
