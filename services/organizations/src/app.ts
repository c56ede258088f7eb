import type { FastifyInstance } from 'fastify';
import { createHttpApp } from '@stageplein/kit/http/http-app';
import { registerService, type TServiceDeps } from '@stageplein/kit/service';
import { organizationsService } from './organizations.module.ts';

/** The organizations service as its own HTTP app (distributed profile and tests). */
export async function buildApp(
  deps: TServiceDeps,
  options: { logger?: false } = {},
): Promise<FastifyInstance> {
  const app = await createHttpApp({ name: 'organizations', logLevel: deps.config.LOG_LEVEL, ...options });
  await registerService(app, organizationsService, deps);
  return app;
}
