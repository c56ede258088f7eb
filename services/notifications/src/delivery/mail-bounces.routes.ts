import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZMailBounceDocument } from '@stageplein/contracts/notifications/mail-bounces';
import type { TNotificationsDeps } from '../notifications.config.ts';
import { requireCaller } from '../shared/caller.ts';
import { contextOf } from '../shared/request.ts';
import { mailBounceOf } from './mail-bounces.service.ts';

/** The bounce warning on a person's page (the school admin's view of a student). */
export const mailBouncesRoutes: FastifyPluginAsync<TNotificationsDeps> = async (app, deps) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/v1/mail_bounces/:user_id', {
    schema: {
      tags: ['notifications'],
      summary: 'Whether mail to a person’s address bounces (suppressed), with the reason and since when',
      description:
        'For an admin of the current organization where the person has a role; `data: null` when mail reaches them. Anyone else: 404.',
      params: z.object({ user_id: z.uuid() }),
      response: { 200: ZMailBounceDocument },
    },
    handler: async (req) => {
      const ctx = await contextOf(req, deps);
      const caller = await requireCaller(req);
      const bounce = await mailBounceOf(ctx, caller, req.params.user_id);
      return {
        data: bounce && { type: 'mail_bounce' as const, id: req.params.user_id, attributes: bounce },
      };
    },
  });
};
