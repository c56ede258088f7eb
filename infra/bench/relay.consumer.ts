// The consuming service of relay.bench.ts, as its own process: one consumer group on the bench schema
// that records each event id in its transaction (idempotentConsumer) and prints, per event,
// `<event id> <produced> <fetched> <received> <committed>` (epoch ms, comparable across processes on this
// machine): produced = the Kafka message's timestamp (the relay's producer stamps it when it sends),
// fetched = the group starts on its partition's fetched messages, received = the handler starts,
// committed = the consuming transaction committed.
import { parseConfig } from '@stageplein/kit/config/config';
import { createDb, createPool, dbUrls } from '@stageplein/kit/db/database';
import { idempotentConsumer } from '@stageplein/kit/outbox/idempotent-consumer';
import { transportFromConfig } from '@stageplein/kit/runtime/platform';

const config = parseConfig();
// A connection for each partition processed at once, and two to spare (dead letters).
const app = createDb<unknown>(
  createPool(
    dbUrls(config.DATABASE_URL!, config.DATABASE_APP_PASSWORD).app,
    config.KAFKA_CONSUMER_CONCURRENCY + 2,
  ),
);
const epoch = () => performance.timeOrigin + performance.now();
// Event id → [produced, fetched], until the handler records it.
const fetched = new Map<string, [number, number]>();
const transport = transportFromConfig(config, 'bench-consumer', {
  onFetched: (_group, messages) => {
    const at = epoch();
    for (const m of messages) {
      const id = m.headers?.ce_id?.toString();
      if (id) fetched.set(id, [Number(m.timestamp), at]);
    }
  },
});
const consumer = idempotentConsumer({
  db: app,
  schema: 'bench',
  group: 'bench.latency',
  types: ['organizations.school_year.created'],
  apply: async () => undefined,
});
const out: string[] = [];
const record = (ids: string[], received: number) => {
  const done = epoch();
  for (const id of ids) {
    const [produced, at] = fetched.get(id) ?? [NaN, NaN];
    fetched.delete(id);
    out.push(`${id} ${produced} ${at.toFixed(2)} ${received.toFixed(2)} ${done.toFixed(2)}`);
  }
};
await transport.subscribe({
  ...consumer,
  async handle(event) {
    const received = epoch();
    await consumer.handle(event);
    record([event.id], received);
  },
  async handleBatch(events, each) {
    const received = epoch();
    await consumer.handleBatch!(events, each);
    record(
      events.map((e) => e.id),
      received,
    );
  },
});
const flush = () => out.length > 0 && process.stdout.write(`${out.splice(0).join('\n')}\n`);
setInterval(flush, 100);
console.log('SUBSCRIBED');
process.once('SIGTERM', () => {
  flush();
  void transport
    .close()
    .then(() => app.destroy())
    .then(() => process.exit(0));
});
