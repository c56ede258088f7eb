import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  NEWS_QUERY,
  ZNewsCollection,
  ZNewsCreateBody,
  ZNewsDocument,
  ZNewsUpdateBody,
} from '@stageplein/contracts/content/content';
import { notFound } from '@stageplein/kit/errors/api-error';
import { parseJsonApiQuery, ZJsonApiQueryString } from '@stageplein/kit/jsonapi/query';
import { collectionDocument, pageLinks, resourceDocument } from '@stageplein/kit/jsonapi/serialize';
import type { TContentDeps } from '../../content.config.ts';
import { assertSameId } from '@stageplein/kit/jsonapi/update-document';
import { noStore, publicCache } from '../../shared/cache.ts';
import { isEditor, requireEditor } from '../../shared/editor.ts';
import { contextOf, requestUrl, type TCtx } from '../../shared/request.ts';
import { wantsMainMenu } from '../menus/menus.repository.ts';
import { mainMenuInclusion } from '../menus/menus.serialize.ts';
import { findArticle, listArticles } from './news.repository.ts';
import { newsResource } from './news.serialize.ts';
import { changeArticle, createArticle, removeArticle } from './news.service.ts';

const TAGS = ['cms'];
const ZId = z.object({ id: z.uuid() });

async function articleOr404(ctx: TCtx, id: string) {
  const article = await findArticle(ctx.db, id);
  if (!article) throw notFound();
  return article;
}

/** `/nieuws` and `/nieuws/{slug}`: visitors read published articles, content editors everything. */
export const newsRoutes: FastifyPluginAsync<TContentDeps> = async (app, deps) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const maxAge = deps.config.CONTENT_PUBLIC_MAX_AGE_SECONDS;

  r.get('/api/v1/cms/news', {
    schema: {
      tags: TAGS,
      summary: 'News articles, newest first, 25 a page; drafts too for content editors',
      description:
        'Filters: `slug_eq` (an article by its address), `locale_eq`, `status_eq`. ' +
        '`include=main_menu.items`: the main menu and its items in the same answer.',
      querystring: ZJsonApiQueryString,
      response: { 200: ZNewsCollection },
    },
    handler: async (req, reply) => {
      const ctx = await contextOf(req, deps);
      const query = parseJsonApiQuery(req.query as Record<string, string>, NEWS_QUERY);
      const editor = await isEditor(req, ctx.db);
      const { rows, total, mainMenu } = await listArticles(ctx.db, query, !editor, {
        mainMenu: wantsMainMenu(query.include),
      });
      if (editor) noStore(reply);
      else publicCache(req, reply, maxAge);
      const { relationships, included } = mainMenuInclusion(query.include, mainMenu, ctx.lang, rows.length);
      return collectionDocument(
        rows.map((a) => ({ ...newsResource(a), ...(relationships && { relationships }) })),
        { total, included, links: pageLinks(requestUrl(req), query, total) },
      );
    },
  });

  r.get('/api/v1/cms/news/:id', {
    schema: { tags: TAGS, summary: 'One news article', params: ZId, response: { 200: ZNewsDocument } },
    handler: async (req, reply) => {
      const ctx = await contextOf(req, deps);
      const article = await articleOr404(ctx, req.params.id);
      const editor = await isEditor(req, ctx.db);
      if (article.status !== 'published' && !editor) throw notFound();
      if (editor) noStore(reply);
      else publicCache(req, reply, maxAge);
      return resourceDocument(newsResource(article));
    },
  });

  r.post('/api/v1/cms/news', {
    schema: {
      tags: TAGS,
      summary: 'Write a news article (content editors); a draft unless `status` is published',
      body: ZNewsCreateBody,
      response: { 201: ZNewsDocument },
    },
    handler: async (req, reply) => {
      const ctx = await contextOf(req, deps);
      const author = await requireEditor(req, ctx.db);
      const article = await createArticle(ctx, author, req.body.data.attributes);
      return reply.status(201).send(resourceDocument(newsResource(article)));
    },
  });

  r.patch('/api/v1/cms/news/:id', {
    schema: {
      tags: TAGS,
      summary: 'Edit, publish or unpublish a news article (content editors)',
      params: ZId,
      body: ZNewsUpdateBody,
      response: { 200: ZNewsDocument },
    },
    handler: async (req) => {
      const ctx = await contextOf(req, deps);
      const author = await requireEditor(req, ctx.db);
      const article = await articleOr404(ctx, req.params.id);
      assertSameId(req.body.data.id, article.id);
      return resourceDocument(
        newsResource(await changeArticle(ctx, author, article, req.body.data.attributes)),
      );
    },
  });

  r.delete('/api/v1/cms/news/:id', {
    schema: { tags: TAGS, summary: 'Delete a news article (content editors)', params: ZId },
    handler: async (req, reply) => {
      const ctx = await contextOf(req, deps);
      const author = await requireEditor(req, ctx.db);
      await removeArticle(ctx, author, await articleOr404(ctx, req.params.id));
      return reply.status(204).send();
    },
  });
};
