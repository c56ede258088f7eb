import { createHttpApp } from '../http/http-app.ts';
import { registerService, type TServiceModule } from '../service.ts';
import type { TConfig } from '../config/config.ts';
import { startTelemetry } from '../telemetry/telemetry.ts';
import { prepareDatabase, startPlatform } from './platform.ts';

/**
 * Runs one service as its own process (distributed profile): migrates its schema, serves its routes,
 * and stops gracefully on SIGTERM. The outbox relay runs as its own process in this profile.
 */
export async function startService<TCfg extends TConfig>(
  service: TServiceModule<TCfg>,
  config: TCfg,
): Promise<void> {
  if (!config.DATABASE_URL)
    throw new Error(`${service.name}: DATABASE_URL is required in the distributed profile.`);
  const telemetry = startTelemetry({
    serviceName: service.name,
    otlpEndpoint: config.OTEL_EXPORTER_OTLP_ENDPOINT,
  });
  await prepareDatabase(config.DATABASE_URL, config, [service], { seed: false });
  const platform = await startPlatform(config.DATABASE_URL, config, [service], { relay: false });
  const app = await createHttpApp({
    name: service.name,
    logLevel: config.LOG_LEVEL,
    validateResponses: config.NODE_ENV !== 'production',
    trustedProxies: config.TRUSTED_PROXIES,
  });
  if (!config.KAFKA_BROKERS) {
    // In-process transport without the stack's relay: this process would neither publish nor receive events.
    app.log.warn(`${service.name}: KAFKA_BROKERS is not set; events stay in the outbox and no consumer runs`);
  }
  await registerService(app, service, platform.deps);
  await app.listen({ port: config.PORT, host: config.HOST });
  const stop = async () => {
    await app.close();
    await platform.close();
    await telemetry.shutdown();
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop());
  process.once('SIGINT', () => void stop());
}
