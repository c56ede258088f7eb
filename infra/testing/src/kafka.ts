import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { startKafka, type TKafkaHandle } from '@stageplein/engines/kafka';
import { freePort } from './processes.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** `host:port,…` of the run's broker; see kafka.global-setup.ts. */
    kafkaBrokers: string;
    /** Loopback URL that stops/starts the run's broker; '' when it was not started by this run. */
    kafkaControlUrl: string;
  }
}

/** The run's broker and a namespace of its own, so topics and groups of other tests never mix in. */
export function testKafka(): { brokers: string[]; namespace: string } {
  return {
    brokers: inject('kafkaBrokers').split(','),
    namespace: `t-${randomBytes(5).toString('hex')}`,
  };
}

export interface TBrokerControl {
  brokers: string[];
  /** SIGTERM (graceful) or SIGKILL (a crash); resolves when the broker process is gone. */
  stop(signal?: 'SIGTERM' | 'SIGKILL'): Promise<void>;
  /** Resolves when the broker answers again. */
  start(): Promise<void>;
  /** Stops a private broker (no-op for the run's). */
  close(): Promise<void>;
}

/**
 * A broker a fault test may stop and start: the run's broker through its control endpoint, or, when
 * the run uses an external broker (TEST_KAFKA_BROKERS, not ours to stop), a private one of its own.
 */
export async function brokerControl(): Promise<TBrokerControl> {
  const url = inject('kafkaControlUrl');
  if (url) {
    const call = async (action: string) => {
      const res = await fetch(`${url}/${action}`, { method: 'POST' });
      if (!res.ok) throw new Error(`kafka control ${action}: ${res.status} ${await res.text()}`);
    };
    return {
      brokers: inject('kafkaBrokers').split(','),
      stop: (signal = 'SIGTERM') => call(`stop?signal=${signal}`),
      start: () => call('start'),
      close: async () => undefined,
    };
  }
  const dataDir = await mkdtemp(path.join(tmpdir(), 'stageplein-kafka-faults-'));
  const own: TKafkaHandle = await startKafka({
    port: await freePort(),
    controllerPort: await freePort(),
    dataDir,
    reuse: false,
    log: (m) => console.log(`[kafka faults] ${m}`),
  });
  return {
    brokers: own.brokers,
    stop: (signal = 'SIGTERM') => own.stop({ signal }),
    start: () => own.start(),
    close: async () => {
      await own.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
