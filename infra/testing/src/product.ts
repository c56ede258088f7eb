import type { FastifyInstance } from 'fastify';
import type { TPlatform } from '@stageplein/kit/runtime/platform';
import { buildGateway } from '@stageplein/gateway/gateway.app';
import { UI_DIRS } from '@stageplein/gateway/ui-dirs';
import { SERVICES, type TStackConfig } from '@stageplein/stack/services';
import { testPlatform } from './harness.ts';

export interface TTestProduct {
  platform: TPlatform<TStackConfig> & { ownerUrl: string; config: TStackConfig };
  /** The one public origin with every service mounted in-process; not listening. */
  app: FastifyInstance;
  close(): Promise<void>;
}

/** The whole product on a fresh test database: every service's platform behind the gateway. */
export async function testProduct(options: Parameters<typeof testPlatform>[1] = {}): Promise<TTestProduct> {
  const platform = await testPlatform(SERVICES, options);
  const app = await buildGateway({
    config: platform.deps.config,
    deps: platform.deps,
    services: SERVICES,
    ui: UI_DIRS,
    logger: false,
  });
  return {
    platform,
    app,
    async close() {
      await app.close();
      await platform.close();
    },
  };
}
