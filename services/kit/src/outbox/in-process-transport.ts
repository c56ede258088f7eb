import type { TEventEnvelope } from '@stageplein/contracts/events/envelope';
import type { TConsumer, TEventTransport } from './transport.ts';

export interface TDeadLetter {
  group: string;
  event: TEventEnvelope;
  reason: string;
}

/**
 * Embedded-profile transport: the relay hands events straight to the consumers in this process.
 * Delivery is at-least-once like Kafka's: a consumer failure rejects the publish, so the relay
 * retries the batch later and consumers that already succeeded see the event again (they are
 * idempotent). After `maxAttempts` failures of one group on one event, it is dead-lettered.
 */
export class InProcessTransport implements TEventTransport {
  readonly name = 'in-process';
  private readonly consumers: TConsumer[] = [];
  private readonly failures = new Map<string, number>();
  readonly deadLetters: TDeadLetter[] = [];

  constructor(private readonly options: { maxAttempts?: number; onDeadLetter?: (d: TDeadLetter) => void } = {}) {}

  async subscribe(consumer: TConsumer): Promise<void> {
    this.consumers.push(consumer);
  }

  async publish(events: readonly TEventEnvelope[]): Promise<void> {
    for (const event of events) {
      for (const consumer of this.consumers) {
        if (!consumer.types.includes(event.type)) continue;
        await this.deliver(consumer, event);
      }
    }
  }

  private async deliver(consumer: TConsumer, event: TEventEnvelope): Promise<void> {
    const key = `${consumer.group}/${event.id}`;
    try {
      await consumer.handle(event);
      this.failures.delete(key);
    } catch (error) {
      const attempts = (this.failures.get(key) ?? 0) + 1;
      if (attempts < (this.options.maxAttempts ?? 5)) {
        this.failures.set(key, attempts);
        throw error;
      }
      this.failures.delete(key);
      const dead = { group: consumer.group, event, reason: error instanceof Error ? error.message : String(error) };
      this.deadLetters.push(dead);
      this.options.onDeadLetter?.(dead);
    }
  }

  async close(): Promise<void> {
    this.consumers.length = 0;
  }
}
