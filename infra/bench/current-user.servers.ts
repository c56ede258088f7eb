// Benchmark server: the identity service as its own HTTP app (as in the distributed profile), plus one
// bench-only route in the same service scope that does current_user's work without authentication.
import type { FastifyPluginAsync } from 'fastify';
import { parseConfig } from '@stageplein/kit/config/config';
import { startPlatform } from '@stageplein/kit/runtime/platform';
import { createHttpApp } from '@stageplein/kit/http/http-app';
import { registerService, type TServiceDeps } from '@stageplein/kit/service';
import { identityService } from '@stageplein/identity/identity.module';
import { requestDb } from '@stageplein/identity/database';
import { findUserById } from '@stageplein/identity/users/users.repository';
import { rolesOf } from '@stageplein/identity/roles/roles.repository';
import { userDocument } from '@stageplein/identity/users/users.serialize';
import { STACK_CONFIG } from '@stageplein/stack/services';

const [ownerUrl] = process.argv.slice(2) as [string];
const config = parseConfig(
  {
    DATABASE_URL: ownerUrl,
    LOG_LEVEL: 'silent',
    NODE_ENV: 'production',
    AUTH_TOKEN_SECRET: 'bench-secret-bench-secret-bench-secret!',
    // The load generator on loopback stands for a proxy in front, whose x-tenant counts (docs/security.md).
    TRUSTED_PROXIES: 'loopback',
  },
  STACK_CONFIG,
);

const sameWorkUnauthenticated: FastifyPluginAsync<TServiceDeps> = async (app) => {
  app.get<{ Params: { id: string } }>('/api/v1/bench/users/:id', async (req) => {
    const db = await requestDb(req);
    const [user, roles] = await Promise.all([findUserById(db, req.params.id), rolesOf(db, req.params.id)]);
    return userDocument(user!, roles, ['roles'], { impersonator_id: null });
  });
};

const platform = await startPlatform(ownerUrl, config, [identityService]);
// As the standalone service server (kit/runtime/service-server.ts) runs it: in production responses are
// serialized without checking them against the route schema.
const app = await createHttpApp({
  name: 'identity',
  logger: false,
  validateResponses: config.NODE_ENV !== 'production',
  trustedProxies: config.TRUSTED_PROXIES,
});
await registerService(
  app,
  {
    ...identityService,
    async routes(scope, deps) {
      await identityService.routes(scope, deps);
      await scope.register(sameWorkUnauthenticated, deps);
    },
  },
  platform.deps,
);
await app.listen({ port: 0, host: '127.0.0.1' });
console.log(`LISTENING ${(app.server.address() as { port: number }).port}`);
process.on('SIGTERM', async () => {
  await app.close();
  await platform.close();
  process.exit(0);
});
