import type { FastifyInstance } from 'fastify';
import { createHttpApp } from '@stageplein/kit/http/http-app';
import { registerService } from '@stageplein/kit/service';
import type { TNotificationsDeps } from './notifications.config.ts';
import { notificationsService } from './notifications.module.ts';

/** The notifications service as its own HTTP app (distributed profile and tests). */
export async function buildApp(
  deps: TNotificationsDeps,
  options: { logger?: false } = {},
): Promise<FastifyInstance> {
  const app = await createHttpApp({ name: 'notifications', logLevel: deps.config.LOG_LEVEL, ...options });
  await registerService(app, notificationsService, deps);
  return app;
}
