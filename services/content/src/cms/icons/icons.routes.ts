import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ICON_URL_MAX_LENGTH, ZIconName, ZIconSet } from '@stageplein/contracts/content/media';
import { ApiError, badRequest, notFound } from '@stageplein/kit/errors/api-error';
import { ZErrorDocument } from '@stageplein/contracts/jsonapi/jsonapi';
import type { TContentDeps } from '../../content.config.ts';
import { iconsOf } from './icon-sets.ts';

const TAGS = ['cms'];
/** Icons change only with their package: a day in browsers and proxies. */
const ICON_MAX_AGE_SECONDS = 86_400;

/**
 * Spec §7/§9: the local icon endpoint, `GET /api/v1/cms/icons/<collection>.json?icons=a,b` in the
 * Iconify API format, served from the icon set packages (icons/icon-sets.ts). The URL is at most 500
 * characters (414 icon_url_too_long); the client's timeouts are in contracts (`ICON_*_TIMEOUT_MS`).
 */
export const iconsRoutes: FastifyPluginAsync<TContentDeps> = async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/v1/cms/icons/:file', {
    schema: {
      tags: TAGS,
      summary: 'Icons of a collection: `lucide.json?icons=house,user` (Iconify API format)',
      params: z.object({ file: z.string() }),
      querystring: z.object({ icons: z.string().optional() }),
      // 414 is this route's own error; the kit lists the common ones.
      response: { 200: ZIconSet, 414: ZErrorDocument },
    },
    // Checked before anything else is read: the limit is the client's contract (spec §9).
    onRequest: async (req) => {
      if (req.url.length > ICON_URL_MAX_LENGTH)
        throw new ApiError('icon_url_too_long', { max: ICON_URL_MAX_LENGTH });
    },
    handler: async (req, reply) => {
      const prefix = /^(.+)\.json$/.exec(req.params.file)?.[1];
      if (!prefix || !ZIconName.safeParse(prefix).success) throw notFound();
      const names = (req.query.icons ?? '').split(',').filter((n) => n !== '');
      if (names.length === 0 || names.some((n) => !ZIconName.safeParse(n).success)) throw badRequest('icons');
      const set = await iconsOf(prefix, names);
      if (!set) throw notFound();
      reply.header('cache-control', `public, max-age=${ICON_MAX_AGE_SECONDS}`);
      return set;
    },
  });
};
