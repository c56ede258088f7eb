import type { TEventEnvelope } from '@stageplein/contracts/events/envelope';
import { deliverAll, DEFAULT_RETRY, type TRetryPolicy } from './delivery.ts';
import type { TConsumer, TDeadLetter, TEventTransport } from './transport.ts';

export interface TInProcessTransportOptions {
  retry?: TRetryPolicy;
  onDeadLetter?: (group: string, letter: TDeadLetter) => void;
}

/**
 * Embedded-profile transport: the relay hands events straight to the consumers in this process,
 * with the Kafka transport's semantics (delivery.ts): validation, batches per group, retries with
 * backoff, durable dead letters. `publish` resolves once every group handled or dead-lettered every event; if even a dead
 * letter cannot be recorded it rejects, the rows stay unsent and the relay delivers them again
 * (consumers are idempotent).
 */
export class InProcessTransport implements TEventTransport {
  readonly name = 'in-process';
  private readonly consumers: TConsumer[] = [];

  constructor(private readonly options: TInProcessTransportOptions = {}) {}

  async subscribe(consumer: TConsumer): Promise<void> {
    this.consumers.push(consumer);
  }

  async publish(events: readonly TEventEnvelope[]): Promise<void> {
    for (const consumer of this.consumers) {
      const wanted = events.filter((e) => consumer.types.includes(e.type));
      if (wanted.length === 0) continue;
      await deliverAll(
        consumer,
        wanted.map((raw) => ({ raw, origin: 'in-process' })),
        {
          system: 'in-process',
          retry: this.options.retry ?? DEFAULT_RETRY,
          onDeadLetter: this.options.onDeadLetter,
        },
      );
    }
  }

  async close(): Promise<void> {
    this.consumers.length = 0;
  }
}
