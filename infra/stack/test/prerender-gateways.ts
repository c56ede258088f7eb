import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createHttpApp } from '@stageplein/kit/http/http-app';
import { registerService, type TServiceModule } from '@stageplein/kit/service';
import { buildGateway } from '@stageplein/gateway/gateway.app';
import type { TStackConfig } from '@stageplein/stack/services';
import { testPlatform } from '@stageplein/testing/harness';

/** The built UIs, stood in for by a minimal index.html. */
const TEMPLATE =
  '<!doctype html><html lang="nl"><head><title>Stageplein</title></head><body><div id="root"></div></body></html>';

export type TPrerenderProfile = 'embedded' | 'distributed';

export type TTestPlatform = Awaited<ReturnType<typeof testPlatform>>;

/**
 * A seeded platform for `service` and the gateway in both profiles, for the tests of its served pages
 * (cms-rendering, stagebank-rendering): `service` mounted in the gateway (embedded), and `service` run
 * on its own, as kit's service-server runs it (trusting the gateway's forwarded host), behind the
 * gateway's proxy for `prefixes` (distributed). `upstreamCalls` lists the URLs the distributed gateway
 * asked of `service` (what one served page costs it). `close` stops all of it; a failed start stops
 * what it had started.
 */
export async function prerenderGateways(
  service: TServiceModule<TStackConfig>,
  prefixes: readonly string[],
): Promise<{
  platform: TTestPlatform;
  gateways: Record<TPrerenderProfile, FastifyInstance>;
  upstreamCalls: string[];
  close: () => Promise<void>;
}> {
  // Loopback is a trusted proxy here, as the load balancer in front of a distributed gateway would be,
  // and no default tenant (as in production): the tenant comes from the host or that proxy's x-tenant.
  const platform = await testPlatform([service], {
    seed: true,
    env: { TRUSTED_PROXIES: 'loopback', DEFAULT_TENANT: '' },
  });
  const gateways: Partial<Record<TPrerenderProfile, FastifyInstance>> = {};
  let upstream: FastifyInstance | undefined;
  const upstreamCalls: string[] = [];
  let uiDir: string | undefined;
  const close = async () => {
    await gateways.embedded?.close();
    await gateways.distributed?.close();
    await upstream?.close();
    await platform.close();
    if (uiDir) await rm(uiDir, { recursive: true, force: true });
  };
  try {
    uiDir = await mkdtemp(path.join(os.tmpdir(), `stageplein-${service.name}-ui-`));
    for (const app of ['portal', 'admin']) {
      await mkdir(path.join(uiDir, app));
      await writeFile(path.join(uiDir, app, 'index.html'), TEMPLATE);
    }
    const ui = { portal: path.join(uiDir, 'portal'), admin: path.join(uiDir, 'admin') };
    gateways.embedded = await buildGateway({
      config: platform.config,
      deps: platform.deps,
      services: [service],
      ui,
      logger: false,
    });
    upstream = await createHttpApp({
      name: service.name,
      logger: false,
      trustedProxies: platform.config.TRUSTED_PROXIES,
    });
    upstream.addHook('onRequest', async (req) => {
      upstreamCalls.push(req.url);
    });
    await registerService(upstream, service, platform.deps);
    await upstream.listen({ port: 0, host: '127.0.0.1' });
    const port = (upstream.server.address() as { port: number }).port;
    gateways.distributed = await buildGateway({
      config: platform.config,
      upstreams: [{ prefixes, url: `http://127.0.0.1:${port}` }],
      ui,
      logger: false,
    });
  } catch (error) {
    await close();
    throw error;
  }
  return {
    platform,
    gateways: gateways as Record<TPrerenderProfile, FastifyInstance>,
    upstreamCalls,
    close,
  };
}
