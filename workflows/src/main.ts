// The worker as its own process (distributed profile; `npm run worker -w workflows`): DATABASE_URL,
// TEMPORAL_ADDRESS, IDENTITY_URL and OTEL_EXPORTER_OTLP_ENDPOINT come from the environment through the
// config module.
import { CONTENT_CONFIG } from '@stageplein/content/content.config';
import { loadConfig } from '@stageplein/kit/config/config';
import { createDb, createPool, dbUrls } from '@stageplein/kit/db/database';
import { startTelemetry } from '@stageplein/kit/telemetry/telemetry';
import { NOTIFICATIONS_CONFIG } from '@stageplein/notifications/notifications.config';
import { ORGANIZATIONS_CONFIG } from '@stageplein/organizations/organizations.config';
import { PLACEMENTS_CONFIG } from '@stageplein/placements/placements.config';
import { runWorker } from './run-worker.ts';

const config = loadConfig({
  ...ORGANIZATIONS_CONFIG,
  ...PLACEMENTS_CONFIG,
  ...CONTENT_CONFIG,
  ...NOTIFICATIONS_CONFIG,
});
// Before the worker: activity spans and the workflow sandbox's spans (children of the request that
// started the workflow) go where every process sends its spans.
const telemetry = startTelemetry({
  serviceName: 'workflows',
  otlpEndpoint: config.OTEL_EXPORTER_OTLP_ENDPOINT,
});
if (!config.DATABASE_URL) throw new Error('DATABASE_URL is not set');
const db = createDb<unknown>(createPool(dbUrls(config.DATABASE_URL, config.DATABASE_APP_PASSWORD).app, 10));
const worker = await runWorker({ config, db, schedules: true });
console.log(`worker ready on ${config.TEMPORAL_ADDRESS} (namespace ${config.TEMPORAL_NAMESPACE})`);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    if (stopping) return;
    stopping = true;
    void worker
      .stop()
      .then(() => db.destroy())
      .then(() => telemetry.shutdown())
      .then(() => process.exit(0));
  });
}
