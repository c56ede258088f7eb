import { afterAll, describe, expect, it } from 'vitest';
import { Kafka, logLevel } from 'kafkajs';
import { EVENT_PAYLOADS } from '@stageplein/contracts/events/payloads';
import { topicFor } from '@stageplein/contracts/events/envelope';
import { testKafka } from '@stageplein/testing/kafka';
import { KafkaTransport, deadLetterTopic, header, kafkaTopic } from '../src/outbox/kafka-transport.ts';
import { freshDatabase } from '@stageplein/testing/harness';
import { listDeadLetters } from '../src/outbox/dead-letters.ts';
import { FAST_RETRY, transportContract } from './transport-contract.ts';
import { SCHEMA, TYPE, eventLabService, labConsumer, labDbs, rawEnvelope, until } from './fixtures/events.ts';

const { brokers } = testKafka();
transportContract(
  'kafka',
  () => new KafkaTransport({ brokers, namespace: testKafka().namespace, retry: FAST_RETRY, log: false }),
);

describe('kafka transport specifics', () => {
  const kafka = new Kafka({ clientId: 'kafka-transport-test', brokers, logLevel: logLevel.NOTHING });
  const admin = kafka.admin();
  afterAll(async () => {
    await admin.disconnect();
  });

  it('names topics stageplein.<service>.<aggregate> by default', () => {
    for (const type of Object.keys(EVENT_PAYLOADS))
      expect(kafkaTopic('stageplein', type)).toBe(topicFor(type));
    expect(deadLetterTopic('stageplein')).toBe('stageplein.dead-letter');
  });

  it('creates every contract topic and the dead-letter topic explicitly; key = subject, CloudEvents + traceparent headers', async () => {
    const { namespace } = testKafka();
    const transport = new KafkaTransport({ brokers, namespace, log: false });
    const traceparent = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';
    const event = rawEnvelope({ subject: 'subject-1', traceparent }) as never;
    try {
      await transport.publish([event]);
    } finally {
      await transport.close();
    }
    await admin.connect();
    const topics = await admin.listTopics();
    for (const type of Object.keys(EVENT_PAYLOADS)) expect(topics).toContain(kafkaTopic(namespace, type));
    expect(topics).toContain(deadLetterTopic(namespace));

    const consumer = kafka.consumer({ groupId: `${namespace}.inspect` });
    await consumer.connect();
    await consumer.subscribe({
      topic: kafkaTopic(namespace, 'organizations.school_year.created'),
      fromBeginning: true,
    });
    const message = await new Promise<{
      key: string;
      headers: Record<string, string | undefined>;
      value: unknown;
    }>((resolve) => {
      void consumer.run({
        eachMessage: async ({ message: m }) =>
          resolve({
            key: m.key!.toString(),
            headers: {
              traceparent: header(m, 'traceparent'),
              ce_id: header(m, 'ce_id'),
              ce_type: header(m, 'ce_type'),
            },
            value: JSON.parse(m.value!.toString()),
          }),
      });
    });
    await consumer.disconnect();
    expect(message.key).toBe('subject-1');
    expect(message.headers).toEqual({
      traceparent,
      ce_id: (event as { id: string }).id,
      ce_type: 'organizations.school_year.created',
    });
    expect(message.value).toEqual(event);
  });

  it('copies each dead letter to the dead-letter topic with group, reason and origin headers', async () => {
    const { ownerUrl, config } = await freshDatabase([eventLabService], { seed: false });
    const dbs = labDbs(ownerUrl, config.DATABASE_APP_PASSWORD);
    const { namespace } = testKafka();
    const transport = new KafkaTransport({ brokers, namespace, retry: FAST_RETRY, log: false });
    const bad = rawEnvelope({ subject: 'dlt', data: { name: 'x' } });
    try {
      const consumer = labConsumer(dbs.app, 'contract.dlt');
      await transport.subscribe(consumer);
      await transport.publish([bad as never]);
      await until(
        'dead letter row',
        () => listDeadLetters(dbs.relay, SCHEMA),
        (r) => r.length === 1,
      );
    } finally {
      await transport.close();
      await dbs.destroy();
    }
    const reader = kafka.consumer({ groupId: `${namespace}.inspect-dlt` });
    await reader.connect();
    await reader.subscribe({ topic: deadLetterTopic(namespace), fromBeginning: true });
    const copy = await new Promise<Record<string, unknown>>((resolve) => {
      void reader.run({
        eachMessage: async ({ message: m }) =>
          resolve({
            key: m.key?.toString(),
            group: header(m, 'x-dead-letter-group'),
            reason: header(m, 'x-dead-letter-reason'),
            origin: header(m, 'x-dead-letter-origin'),
            ce_id: header(m, 'ce_id'),
            value: JSON.parse(m.value!.toString()),
          }),
      });
    });
    await reader.disconnect();
    expect(copy).toMatchObject({ key: 'contract.dlt', group: 'contract.dlt', ce_id: bad.id, value: bad });
    expect(copy.reason).toMatch(/^invalid organizations\.school_year\.created data: start_date: /);
    expect(copy.origin).toMatch(new RegExp(`^kafka:${namespace}\\.organizations\\.school_year/\\d@\\d+$`));
  });

  it('consumedEverywhere waits for every live group reading the topics to commit past them, not for stopped ones', async () => {
    const { namespace } = testKafka();
    const publisher = new KafkaTransport({ brokers, namespace, retry: FAST_RETRY, log: false });
    const stopped = new KafkaTransport({ brokers, namespace, retry: FAST_RETRY, log: false });
    const live = new KafkaTransport({ brokers, namespace, retry: FAST_RETRY, log: false });
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const handled: string[] = [];
    const consumer = (group: string, wait: boolean) => ({
      group,
      types: [TYPE],
      async handle(event: { id: string }) {
        if (wait) await gate;
        handled.push(`${group}:${event.id}`);
      },
      async deadLetter() {},
    });
    try {
      // A group that once read the topic and then stopped (a service that is down) has no members.
      await stopped.subscribe(consumer('settle.stopped', false) as never);
      await stopped.close();
      await live.subscribe(consumer('settle.live', true) as never);
      const event = rawEnvelope({ subject: 'settle' });
      await publisher.publish([event as never]);
      // The live group holds the event: not settled within the time allowed.
      expect(await publisher.consumedEverywhere([TYPE], 300)).toBe(false);
      release();
      expect(await publisher.consumedEverywhere([TYPE], 10_000)).toBe(true);
      expect(handled).toContain(`settle.live:${String(event.id)}`);
    } finally {
      release();
      await Promise.all([live.close(), publisher.close()]);
    }
  });
});
