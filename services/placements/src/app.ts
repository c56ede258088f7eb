import type { FastifyInstance } from 'fastify';
import { createHttpApp } from '@stageplein/kit/http/http-app';
import { registerService } from '@stageplein/kit/service';
import type { TPlacementsDeps } from './placements.config.ts';
import { placementsService } from './placements.module.ts';

/** The placements service as its own HTTP app (distributed profile and tests). */
export async function buildApp(
  deps: TPlacementsDeps,
  options: { logger?: false } = {},
): Promise<FastifyInstance> {
  const app = await createHttpApp({ name: 'placements', logLevel: deps.config.LOG_LEVEL, ...options });
  await registerService(app, placementsService, deps);
  return app;
}
