import type { FastifyInstance } from 'fastify';
import { createHttpApp } from '@stageplein/kit/http/http-app';
import { registerService } from '@stageplein/kit/service';
import { identityService } from './identity.module.ts';
import type { TIdentityDeps } from './identity.config.ts';

/** The identity service as its own HTTP app (distributed profile and tests). */
export async function buildApp(
  deps: TIdentityDeps,
  options: { logger?: false } = {},
): Promise<FastifyInstance> {
  const app = await createHttpApp({ name: 'identity', logLevel: deps.config.LOG_LEVEL, ...options });
  await registerService(app, identityService, deps);
  return app;
}
