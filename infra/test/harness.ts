import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { parseConfig, type TConfig } from '../../services/kit/src/config/config.ts';
import { ensureDatabase } from '../../services/kit/src/runtime/embedded-postgres.ts';
import { prepareDatabase, startPlatform, type TPlatform } from '../../services/kit/src/runtime/platform.ts';
import type { TServiceModule } from '../../services/kit/src/service.ts';
import type { TEventTransport } from '../../services/kit/src/outbox/transport.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Superuser URL of the test cluster (no database chosen); see postgres.global-setup.ts. */
    pgServerUrl: string;
  }
}

/** A fresh database on the test cluster, migrated (and seeded when asked) for the given services. */
export async function freshDatabase(
  services: readonly TServiceModule[],
  options: { seed?: boolean; now?: Date; env?: Record<string, string> } = {},
): Promise<{ ownerUrl: string; config: TConfig }> {
  const name = `test_${randomBytes(6).toString('hex')}`;
  const ownerUrl = await ensureDatabase(inject('pgServerUrl'), name);
  const config = parseConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: ownerUrl,
    ...options.env,
  });
  await prepareDatabase(ownerUrl, config, services, { seed: options.seed ?? true, now: options.now });
  return { ownerUrl, config };
}

/** Database plus the running platform (app/relay pools, relay, transport) for the services. */
export async function testPlatform(
  services: readonly TServiceModule[],
  options: { seed?: boolean; now?: Date; transport?: TEventTransport } = {},
): Promise<TPlatform & { ownerUrl: string; config: TConfig }> {
  const { ownerUrl, config } = await freshDatabase(services, options);
  const now = options.now;
  const platform = await startPlatform(ownerUrl, config, services, {
    transport: options.transport,
    now: now ? () => now : undefined,
  });
  return Object.assign(platform, { ownerUrl, config });
}
