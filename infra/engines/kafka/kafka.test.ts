import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Kafka, Partitioners, logLevel, type Admin, type Consumer, type Producer } from 'kafkajs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '@stageplein/testing/processes';
import { startKafka, type TKafkaHandle } from './kafka.mjs';

/** Consumes `topic` from the beginning with a fresh group until `count` messages arrived. */
async function consumeAll(kafka: Kafka, topic: string, count: number, timeoutMs = 60_000): Promise<string[]> {
  const consumer: Consumer = kafka.consumer({ groupId: `kafka-test-${randomBytes(4).toString('hex')}` });
  const values: string[] = [];
  try {
    await consumer.connect();
    await consumer.subscribe({ topic, fromBeginning: true });
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`got ${values.length}/${count} messages from ${topic} in ${timeoutMs}ms`)),
        timeoutMs,
      );
      consumer
        .run({
          eachMessage: async ({ message }) => {
            values.push(message.value?.toString() ?? '');
            if (values.length >= count) {
              clearTimeout(timer);
              resolve();
            }
          },
        })
        .catch(reject);
    });
  } finally {
    await consumer.disconnect();
  }
  return values;
}

/**
 * Creates a topic and waits until its partitions' leader serves it: right after creation a fresh
 * KRaft broker answers UNKNOWN_TOPIC_OR_PARTITION for a moment, which kafkajs' waitForLeaders does not retry.
 */
async function createTopic(admin: Admin, topic: string): Promise<boolean> {
  const created = await admin.createTopics({ topics: [{ topic }], waitForLeaders: false });
  for (const deadline = Date.now() + 30_000; ;) {
    try {
      if ((await admin.fetchTopicOffsets(topic)).length > 0) return created;
    } catch (error) {
      if (Date.now() > deadline) throw error;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('infra/engines/kafka: a real Kafka broker', () => {
  let broker: TKafkaHandle;
  let dataDir: string;
  let kafka: Kafka;
  let admin: Admin;
  const topics: string[] = [];

  beforeAll(
    async () => {
      // A broker of its own (free ports, throwaway data dir): on the default port it would reuse, or
      // be stopped by, another run's broker, and this test stops and restarts the broker it uses.
      dataDir = await mkdtemp(path.join(tmpdir(), 'stageplein-kafka-smoke-'));
      broker = await startKafka({
        port: await freePort(),
        controllerPort: await freePort(),
        dataDir,
        reuse: false,
        log: (m) => console.log(`[kafka] ${m}`),
      });
      kafka = new Kafka({
        clientId: 'infra-kafka-test',
        brokers: broker.brokers,
        logLevel: logLevel.NOTHING,
        retry: { initialRetryTime: 200, retries: 20, maxRetryTime: 3000 },
      });
      admin = kafka.admin();
      await admin.connect();
    },
    600_000, // the first run provisions Kafka from Maven Central (about a minute; more on a slow link)
  );

  afterAll(async () => {
    if (admin) {
      if (topics.length > 0) await admin.deleteTopics({ topics }).catch(() => {});
      await admin.disconnect();
    }
    await broker?.stop();
    if (broker) expect(broker.running).toBe(false);
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  }, 120_000);

  it('answers on loopback as a single-node KRaft cluster', async () => {
    expect(broker.brokers[0]).toMatch(/^127\.0\.0\.1:\d+$/);
    const cluster = await admin.describeCluster();
    expect(cluster.brokers).toHaveLength(1);
    expect(cluster.brokers[0]).toMatchObject({ host: '127.0.0.1', port: broker.port });
    expect(broker.reused).toBe(false);
  });

  it('reuses a broker already answering on the port instead of starting another', async () => {
    const again = await startKafka({ port: broker.port, dataDir, log: () => undefined });
    expect(again).toMatchObject({ reused: true, brokers: broker.brokers, clusterId: broker.clusterId });
    await again.stop(); // not its broker: does nothing
    expect(broker.running).toBe(true);
    await expect(startKafka({ port: broker.port, dataDir, reuse: false })).rejects.toThrow(
      /already answering/,
    );
  });

  it('creates a topic, produces idempotently with acks=-1 and consumes it back in a group', async () => {
    const topic = `infra-kafka-smoke-${randomBytes(4).toString('hex')}`;
    topics.push(topic);
    expect(await createTopic(admin, topic)).toBe(true);
    const [meta] = (await admin.fetchTopicMetadata({ topics: [topic] })).topics;
    expect(meta?.partitions).toHaveLength(3); // num.partitions=3

    const producer: Producer = kafka.producer({
      idempotent: true,
      maxInFlightRequests: 1,
      createPartitioner: Partitioners.DefaultPartitioner,
    });
    await producer.connect();
    const sent = Array.from({ length: 30 }, (_, i) => `message-${i}`);
    try {
      const results = await producer.send({
        topic,
        acks: -1,
        messages: sent.map((value, i) => ({ key: `key-${i % 7}`, value })),
      });
      expect(results.every((r) => r.errorCode === 0)).toBe(true);
    } finally {
      await producer.disconnect();
    }

    const received = await consumeAll(kafka, topic, sent.length);
    expect([...received].sort()).toEqual([...sent].sort());
  });

  it('does not auto-create topics', async () => {
    const producer = kafka.producer({
      createPartitioner: Partitioners.DefaultPartitioner,
      retry: { retries: 1, initialRetryTime: 100 },
      allowAutoTopicCreation: true,
    });
    await producer.connect();
    try {
      await expect(
        producer.send({
          topic: `infra-kafka-missing-${randomBytes(4).toString('hex')}`,
          messages: [{ value: 'x' }],
        }),
      ).rejects.toThrow();
    } finally {
      await producer.disconnect();
    }
  });

  it('can be stopped and started again on the same data dir while a producer keeps writing', async () => {
    const topic = `infra-kafka-restart-${randomBytes(4).toString('hex')}`;
    topics.push(topic);
    await createTopic(admin, topic);
    const producer = kafka.producer({
      idempotent: true,
      maxInFlightRequests: 1,
      createPartitioner: Partitioners.DefaultPartitioner,
      retry: { initialRetryTime: 200, retries: 50, maxRetryTime: 2000 },
    });
    await producer.connect();
    try {
      await producer.send({ topic, acks: -1, messages: [{ value: 'before' }] });
      const pidBefore = broker.pid;

      await broker.stop();
      expect(broker.running).toBe(false);
      // Written while the broker is down: kafkajs keeps retrying until it is back.
      const during = producer.send({ topic, acks: -1, messages: [{ value: 'during' }] });
      await broker.start();
      expect(broker.running).toBe(true);
      expect(broker.pid).not.toBe(pidBefore);
      await during;
      await producer.send({ topic, acks: -1, messages: [{ value: 'after' }] });
    } finally {
      await producer.disconnect();
    }
    expect((await consumeAll(kafka, topic, 3)).sort()).toEqual(['after', 'before', 'during']);
  }, 240_000);
});
