import type { FastifyInstance } from 'fastify';
import { createHttpApp } from '@stageplein/kit/http/http-app';
import { registerService } from '@stageplein/kit/service';
import type { TContentDeps } from './content.config.ts';
import { contentService } from './content.module.ts';

/** The content service as its own HTTP app (distributed profile and tests). */
export async function buildApp(
  deps: TContentDeps,
  options: { logger?: false } = {},
): Promise<FastifyInstance> {
  const app = await createHttpApp({ name: 'content', logLevel: deps.config.LOG_LEVEL, ...options });
  await registerService(app, contentService, deps);
  return app;
}
