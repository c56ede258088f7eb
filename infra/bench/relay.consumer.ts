// The consuming service of relay.bench.ts, as its own process: one consumer group on the bench schema
// that records each event id in its transaction (idempotentConsumer) and prints, per event,
// `<event id> <received at> <committed at>` (epoch ms, comparable across processes on this machine).
import { parseConfig } from '@stageplein/kit/config/config';
import { createDb, createPool, dbUrls } from '@stageplein/kit/db/database';
import { idempotentConsumer } from '@stageplein/kit/outbox/idempotent-consumer';
import { transportFromConfig } from '@stageplein/kit/runtime/platform';

const config = parseConfig();
const app = createDb<unknown>(createPool(dbUrls(config.DATABASE_URL!, config.DATABASE_APP_PASSWORD).app, 10));
const transport = transportFromConfig(config, 'bench-consumer');
const consumer = idempotentConsumer({
  db: app,
  schema: 'bench',
  group: 'bench.latency',
  types: ['organizations.school_year.created'],
  apply: async () => undefined,
});
const epoch = () => performance.timeOrigin + performance.now();
const out: string[] = [];
const record = (ids: string[], received: number) => {
  const done = epoch();
  for (const id of ids) out.push(`${id} ${received.toFixed(2)} ${done.toFixed(2)}`);
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
