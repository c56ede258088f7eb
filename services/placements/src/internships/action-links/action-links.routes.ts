import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZExternalLinkGrantDocument,
  type TExternalLinkGrantDocument,
} from '@stageplein/contracts/external-links/external-links';
import { linkActorOf } from '@stageplein/kit/external-links/external-links.guard';
import type { TPlacementsDeps } from '../../placements.config.ts';

/**
 * What the link in the `X-Action-Link` header grants (subject, action, expiry), for the public page a
 * link opens: it says what the holder may do before they do it. Reading it does not consume the link;
 * it is logged as a use like every request with a link (kit/external-links).
 */
export const actionLinksRoutes: FastifyPluginAsync<TPlacementsDeps> = async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/v1/action_links/current', {
    schema: {
      tags: ['action_links'],
      summary: 'What the external action link in X-Action-Link grants, without using it up',
      response: { 200: ZExternalLinkGrantDocument },
    },
    ...app.externalLinks.route(),
    handler: async (req): Promise<TExternalLinkGrantDocument> => {
      const link = linkActorOf(req);
      return {
        data: {
          type: 'action_links',
          id: link.id,
          attributes: {
            subject_type: link.subject.type,
            subject_id: link.subject.id,
            action: link.action,
            single_use: link.singleUse,
            expires_at: link.expiresAt.toISOString(),
          },
        },
      };
    },
  });
};
