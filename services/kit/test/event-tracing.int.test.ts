import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SpanKind } from '@opentelemetry/api';
import { Kafka, logLevel } from 'kafkajs';
import { InMemorySpanExporter } from '@opentelemetry/sdk-trace-base';
import type { FastifyInstance } from 'fastify';
import { freshDatabase } from '@stageplein/testing/harness';
import { testKafka } from '@stageplein/testing/kafka';
import { createHttpApp } from '../src/http/http-app.ts';
import { InProcessTransport } from '../src/outbox/in-process-transport.ts';
import { header, KafkaTransport, kafkaTopic } from '../src/outbox/kafka-transport.ts';
import { createRelay } from '../src/outbox/outbox-relay.ts';
import type { TEventTransport } from '../src/outbox/transport.ts';
import { startTelemetry, type TTelemetry } from '../src/telemetry/telemetry.ts';
import {
  SCHEMA,
  TYPE,
  commitEvent,
  effects,
  eventLabService,
  labConsumer,
  labDbs,
  until,
  type TLabDbs,
} from './fixtures/events.ts';

/**
 * DESIGN §8: the traceparent of the request that caused an event travels in the envelope (and in the
 * Kafka headers), so the consumer's span is a child of the producing request's span.
 */
const exporter = new InMemorySpanExporter();
let telemetry: TTelemetry;
let dbs: TLabDbs;
let app: FastifyInstance;

beforeAll(async () => {
  telemetry = startTelemetry({ serviceName: 'event-tracing-test', exporter });
  const { ownerUrl, config } = await freshDatabase([eventLabService], { seed: false });
  dbs = labDbs(ownerUrl, config.DATABASE_APP_PASSWORD);
  app = await createHttpApp({ name: 'tracing', logger: false });
  // A use case: the request's handler commits a change with its event (writeEvent takes the active span's traceparent).
  app.post<{ Params: { subject: string } }>('/things/:subject', async (req) => {
    const event = await commitEvent(dbs.app, req.params.subject, 1);
    return { id: event.id, traceparent: event.traceparent };
  });
  await app.ready();
}, 120_000);

afterAll(async () => {
  await app?.close();
  await dbs?.destroy();
  await telemetry?.shutdown();
});

async function producingRequestThenConsumerSpan(transport: TEventTransport, group: string) {
  const consumer = labConsumer(dbs.app, group);
  await transport.subscribe(consumer);
  const relay = createRelay({ db: dbs.relay, pool: dbs.relayPool, schemas: [SCHEMA], transport, idleMs: 50 });
  relay.start();
  try {
    const incoming = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';
    const res = await app.inject({
      method: 'POST',
      url: `/things/${group}`,
      headers: { traceparent: incoming },
    });
    expect(res.statusCode).toBe(200);
    const { id, traceparent } = res.json<{ id: string; traceparent?: string }>();
    await until(
      'consumed',
      () => effects(dbs.owner, group),
      (r) => r.some((e) => e.event_id === id),
    );
    const spans = exporter.getFinishedSpans();
    const server = spans.find((s) => s.kind === SpanKind.SERVER && s.name.startsWith('POST /things'));
    const consumerSpan = spans.find(
      (s) => s.kind === SpanKind.CONSUMER && s.name === `${group} process ${TYPE}`,
    );
    return { id, traceparent, server, consumerSpan };
  } finally {
    await relay.stop();
    await transport.close();
  }
}

/** The `traceparent` header of the event's message as it is on the broker (read back with a fresh group). */
async function traceparentHeaderOnBroker(brokers: string[], topic: string, id: string) {
  const kafka = new Kafka({ clientId: 'event-tracing-test', brokers, logLevel: logLevel.NOTHING });
  const consumer = kafka.consumer({ groupId: `event-tracing-${randomBytes(4).toString('hex')}` });
  await consumer.connect();
  try {
    await consumer.subscribe({ topic, fromBeginning: true });
    return await new Promise<string | undefined>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`event ${id} not found on ${topic}`)), 30_000);
      void consumer
        .run({
          eachMessage: async ({ message }) => {
            if (header(message, 'ce_id') !== id) return;
            clearTimeout(timer);
            resolve(header(message, 'traceparent'));
          },
        })
        .catch(reject);
    });
  } finally {
    await consumer.disconnect();
  }
}

describe('trace context from the producing request to the consumer', () => {
  const kafka = { ...testKafka() };
  for (const [name, make] of [
    ['in-process', () => new InProcessTransport()],
    ['kafka', () => new KafkaTransport({ brokers: kafka.brokers, namespace: kafka.namespace, log: false })],
  ] as const) {
    it(`${name}: the consumer span is a child of the request span that wrote the event`, async () => {
      exporter.reset();
      const { id, traceparent, server, consumerSpan } = await producingRequestThenConsumerSpan(
        make(),
        `trace.${name}`,
      );
      expect(server).toBeDefined();
      expect(consumerSpan).toBeDefined();
      const serverCtx = server!.spanContext();
      // The request joined the caller's trace, the envelope carries the request span, the consumer continues it.
      expect(serverCtx.traceId).toBe('4bf92f3577b34da6a3ce929d0e0e4736');
      expect(traceparent).toBe(`00-${serverCtx.traceId}-${serverCtx.spanId}-01`);
      expect(consumerSpan!.spanContext().traceId).toBe(serverCtx.traceId);
      expect(consumerSpan!.parentSpanContext?.spanId).toBe(serverCtx.spanId);
      expect(consumerSpan!.attributes).toMatchObject({
        'messaging.system': name,
        'messaging.message.id': id,
      });
      // On Kafka the relay also put it in the message headers (CloudEvents binding + W3C trace context).
      if (name === 'kafka') {
        const topic = kafkaTopic(kafka.namespace, TYPE);
        expect(await traceparentHeaderOnBroker(kafka.brokers, topic, id)).toBe(traceparent);
      }
    }, 60_000);
  }
});
