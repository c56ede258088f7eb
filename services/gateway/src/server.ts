import { loadConfig } from '@stageplein/kit/config/config';
import { startTelemetry } from '@stageplein/kit/telemetry/telemetry';
import { buildGateway } from './gateway.app.ts';
import { GATEWAY_CONFIG } from './gateway.config.ts';
import { UI_DIRS } from './ui-dirs.ts';
import { upstreamsFrom } from './upstreams.ts';

/**
 * Distributed profile: the gateway as its own process, the one public origin proxying to the services
 * named by their *_URL settings. The whole product in one process is `npm start` (infra/stack).
 */
const config = loadConfig(GATEWAY_CONFIG);
const upstreams = upstreamsFrom(config);
if (upstreams.length === 0) {
  throw new Error(
    'gateway: no service URL is set (IDENTITY_URL, ORGANIZATIONS_URL, …); use `npm start` for one process',
  );
}
const telemetry = startTelemetry({
  serviceName: 'stageplein',
  otlpEndpoint: config.OTEL_EXPORTER_OTLP_ENDPOINT,
});
const app = await buildGateway({ config, upstreams, ui: UI_DIRS });
await app.listen({ port: config.PORT, host: config.HOST });

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    if (stopping) return;
    stopping = true;
    void app
      .close()
      .then(() => telemetry.shutdown())
      .then(() => process.exit(0));
  });
}
