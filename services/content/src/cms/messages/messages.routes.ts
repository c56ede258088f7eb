import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZContentLocale,
  ZMessagesBody,
  ZMessagesDocument,
  ZMessagesFile,
} from '@stageplein/contracts/content/content';
import { MESSAGE_CACHE_MS } from '@stageplein/contracts/i18n/index';
import { ApiError } from '@stageplein/kit/errors/api-error';
import { assertSameId } from '@stageplein/kit/jsonapi/update-document';
import type { TContentDeps } from '../../content.config.ts';
import { requireEditor } from '../../shared/editor.ts';
import { contextOf } from '../../shared/request.ts';
import { messagesOf, replaceMessages } from './messages.service.ts';

const TAGS = ['cms'];
const ZLang = z.object({ lang: z.string() });

/** The path's language, or 404 (there is no messages file for another language). */
function localeOf(lang: string) {
  const parsed = ZContentLocale.safeParse(lang);
  if (!parsed.success) throw new ApiError('not_found');
  return parsed.data;
}

/**
 * Spec §7: the per-language messages file, a plain map of the tenant's overrides of the bundled texts.
 * The client caches it for 24 hours (spec §9), so may browsers; a language without overrides answers
 * an empty map.
 */
export const messagesRoutes: FastifyPluginAsync<TContentDeps> = async (app, deps) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/v1/cms/messages/:lang', {
    schema: {
      tags: TAGS,
      summary: 'The messages file of a language: `{ "<key>": "<text>" }` (not JSON:API; cached 24 h)',
      params: ZLang,
      response: { 200: ZMessagesFile },
    },
    handler: async (req, reply) => {
      const ctx = await contextOf(req, deps);
      const { messages } = await messagesOf(ctx.db, localeOf(req.params.lang));
      reply.type('application/json; charset=utf-8');
      reply.header('cache-control', `public, max-age=${MESSAGE_CACHE_MS / 1000}`);
      reply.header('vary', 'x-tenant, cookie');
      return messages;
    },
  });

  r.put('/api/v1/cms/messages/:lang', {
    schema: {
      tags: TAGS,
      summary: 'Replace the language’s overrides (content editors); an empty text restores the bundled one',
      params: ZLang,
      body: ZMessagesBody,
      response: { 200: ZMessagesDocument },
    },
    handler: async (req) => {
      const ctx = await contextOf(req, deps);
      const author = await requireEditor(req, ctx.db);
      const locale = localeOf(req.params.lang);
      assertSameId(req.body.data.id, locale);
      await replaceMessages(ctx, author, locale, req.body.data.attributes.messages);
      const { messages, updatedAt } = await messagesOf(ctx.db, locale);
      return {
        data: {
          type: 'messages' as const,
          id: locale,
          attributes: { messages, updated_at: updatedAt?.toISOString() ?? null },
        },
      };
    },
  });
};
