import type { TEventEnvelope } from '@stageplein/contracts/events/envelope';
import { deliver, DEFAULT_RETRY, type TRetryPolicy } from './delivery.ts';
import type { TConsumer, TDeadLetter, TEventTransport } from './transport.ts';

export interface TInProcessTransportOptions {
  retry?: TRetryPolicy;
  onDeadLetter?: (group: string, letter: TDeadLetter) => void;
}

/**
 * Embedded-profile transport: the relay hands events straight to the consumers in this process,
 * with the Kafka transport's semantics (delivery.ts): validation, retries with backoff, durable dead
 * letters. `publish` resolves once every group handled or dead-lettered every event; if even a dead
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
    for (const event of events) {
      for (const consumer of this.consumers) {
        if (!consumer.types.includes(event.type)) continue;
        await deliver(consumer, event, {
          system: 'in-process',
          origin: 'in-process',
          retry: this.options.retry ?? DEFAULT_RETRY,
          onDeadLetter: this.options.onDeadLetter,
        });
      }
    }
  }

  async close(): Promise<void> {
    this.consumers.length = 0;
  }
}
