import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PAGES_QUERY,
  ZPageCollection,
  ZPageCreateBody,
  ZPageDocument,
  ZPageRevisionCollection,
  ZPageUpdateBody,
} from '@stageplein/contracts/content/content';
import { notFound } from '@stageplein/kit/errors/api-error';
import { parseJsonApiQuery, ZJsonApiQueryString } from '@stageplein/kit/jsonapi/query';
import { collectionDocument, pageLinks, resourceDocument } from '@stageplein/kit/jsonapi/serialize';
import type { TContentDeps } from '../../content.config.ts';
import { assertSameId } from '@stageplein/kit/jsonapi/update-document';
import { noStore, publicCache } from '../../shared/cache.ts';
import { requireEditor } from '../../shared/editor.ts';
import { contextOf, requestUrl, type TCtx } from '../../shared/request.ts';
import { wantsMainMenu } from '../menus/menus.repository.ts';
import { mainMenuInclusion } from '../menus/menus.serialize.ts';
import { listPages, listRevisions, localesOf, viewsOf, type TVersion } from './pages.repository.ts';
import { pageResource, revisionResource } from './pages.serialize.ts';
import { changePage, createPage, pageOr404, removePage } from './pages.service.ts';

const TAGS = ['cms'];
const ZId = z.object({ id: z.uuid() });

/** A page as shown in the request's language (nl when it has none in it), or 404. */
async function shownPage(ctx: TCtx, id: string, version: TVersion) {
  const [view] = await viewsOf(ctx.db, [await pageOr404(ctx, id)], ctx.lang, version);
  if (!view) throw notFound();
  return resourceDocument(pageResource(view, version));
}

export const pagesRoutes: FastifyPluginAsync<TContentDeps> = async (app, deps) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const maxAge = deps.config.CONTENT_PUBLIC_MAX_AGE_SECONDS;

  r.get('/api/v1/cms/pages', {
    schema: {
      tags: TAGS,
      summary:
        'Published pages in the request’s language (fallback nl); `filter[status_eq]=draft` for editors',
      description:
        'Filters: `slug_eq|_in` (the portal asks `filter[slug_eq]=over-ons`), `status_eq` (`published`, default; ' +
        '`draft`: every page’s latest save, content editors only). `include=main_menu.items`: the main menu ' +
        'and its items in the same answer (what the page is shown with).',
      querystring: ZJsonApiQueryString,
      response: { 200: ZPageCollection },
    },
    handler: async (req, reply) => {
      const ctx = await contextOf(req, deps);
      const query = parseJsonApiQuery(req.query as Record<string, string>, PAGES_QUERY);
      const version: TVersion = query.filters.some((f) => f.attribute === 'status' && f.value === 'draft')
        ? 'draft'
        : 'published';
      if (version === 'draft') {
        await requireEditor(req, ctx.db);
        noStore(reply);
      } else publicCache(req, reply, maxAge);
      const { views, total, mainMenu } = await listPages(ctx.db, query, ctx.lang, version, {
        mainMenu: wantsMainMenu(query.include),
      });
      const { relationships, included } = mainMenuInclusion(query.include, mainMenu, ctx.lang, views.length);
      return collectionDocument(
        views.map((v) => ({ ...pageResource(v, version), ...(relationships && { relationships }) })),
        { total, included, links: pageLinks(requestUrl(req), query, total) },
      );
    },
  });

  r.get('/api/v1/cms/pages/:id', {
    schema: {
      tags: TAGS,
      summary: 'A published page in the request’s language (fallback nl); 404 when it has no live revision',
      params: ZId,
      response: { 200: ZPageDocument },
    },
    handler: async (req, reply) => {
      const ctx = await contextOf(req, deps);
      const doc = await shownPage(ctx, req.params.id, 'published');
      publicCache(req, reply, maxAge);
      return doc;
    },
  });

  r.get('/api/v1/cms/pages/:id/draft', {
    schema: {
      tags: TAGS,
      summary: 'Preview: the page’s latest save in the request’s language (content editors)',
      params: ZId,
      response: { 200: ZPageDocument },
    },
    handler: async (req, reply) => {
      const ctx = await contextOf(req, deps);
      await requireEditor(req, ctx.db);
      noStore(reply);
      return shownPage(ctx, req.params.id, 'draft');
    },
  });

  r.get('/api/v1/cms/pages/:id/revisions', {
    schema: {
      tags: TAGS,
      summary: 'Every save of the page, newest first, with the live one marked (content editors)',
      params: ZId,
      response: { 200: ZPageRevisionCollection },
    },
    handler: async (req, reply) => {
      const ctx = await contextOf(req, deps);
      await requireEditor(req, ctx.db);
      noStore(reply);
      const page = await pageOr404(ctx, req.params.id);
      const [revisions, locales] = await Promise.all([
        listRevisions(ctx.db, page.id),
        localesOf(ctx.db, page.id),
      ]);
      return collectionDocument(
        revisions.map((rev) => revisionResource(rev, locales)),
        { total: revisions.length },
      );
    },
  });

  r.post('/api/v1/cms/pages', {
    schema: {
      tags: TAGS,
      summary: 'Create a page: its first revision in `locale` (default nl), published when `status` says so',
      body: ZPageCreateBody,
      response: { 201: ZPageDocument },
    },
    handler: async (req, reply) => {
      const ctx = await contextOf(req, deps);
      const author = await requireEditor(req, ctx.db);
      const input = req.body.data.attributes;
      const page = await createPage(ctx, author, input);
      const [view] = await viewsOf(ctx.db, [page], input.locale ?? 'nl', 'draft');
      return reply.status(201).send(resourceDocument(pageResource(view!, 'draft')));
    },
  });

  r.patch('/api/v1/cms/pages/:id', {
    schema: {
      tags: TAGS,
      summary: 'Save a page: a new revision of `locale` (default nl); `status` publishes or unpublishes it',
      params: ZId,
      body: ZPageUpdateBody,
      response: { 200: ZPageDocument },
    },
    handler: async (req) => {
      const ctx = await contextOf(req, deps);
      const author = await requireEditor(req, ctx.db);
      const page = await pageOr404(ctx, req.params.id);
      assertSameId(req.body.data.id, page.id);
      const changes = req.body.data.attributes;
      const saved = await changePage(ctx, author, page, changes);
      const [view] = await viewsOf(ctx.db, [saved], changes.locale ?? 'nl', 'draft');
      if (!view) throw notFound();
      return resourceDocument(pageResource(view, 'draft'));
    },
  });

  r.delete('/api/v1/cms/pages/:id', {
    schema: { tags: TAGS, summary: 'Delete a page with all its revisions', params: ZId },
    handler: async (req, reply) => {
      const ctx = await contextOf(req, deps);
      const author = await requireEditor(req, ctx.db);
      await removePage(ctx, author, await pageOr404(ctx, req.params.id));
      return reply.status(204).send();
    },
  });
};
