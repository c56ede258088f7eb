import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MENU_ITEMS_QUERY,
  MENUS_QUERY,
  ZMenuCollection,
  ZMenuItemCollection,
  ZMenuItemCreateBody,
  ZMenuItemDocument,
  ZMenuItemUpdateBody,
} from '@stageplein/contracts/content/content';
import { badRequest, notFound } from '@stageplein/kit/errors/api-error';
import { parseJsonApiQuery, ZJsonApiQueryString } from '@stageplein/kit/jsonapi/query';
import { collectionDocument, pageLinks, resourceDocument } from '@stageplein/kit/jsonapi/serialize';
import type { TContentDeps } from '../../content.config.ts';
import { assertSameId } from '@stageplein/kit/jsonapi/update-document';
import { publicCache } from '../../shared/cache.ts';
import { requireEditor } from '../../shared/editor.ts';
import { contextOf, requestUrl, type TCtx } from '../../shared/request.ts';
import { findMenuItem, listMenuItems, listMenus, menusWithItems } from './menus.repository.ts';
import { menuItemResource, menuResource } from './menus.serialize.ts';
import { changeMenuItem, createMenuItem, removeMenuItem } from './menus.service.ts';

const TAGS = ['cms'];
const ZId = z.object({ id: z.uuid() });
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function itemOr404(ctx: TCtx, id: string) {
  const item = await findMenuItem(ctx.db, id);
  if (!item) throw notFound();
  return item;
}

/** Spec §2, §3, §7: the CMS menus and their items; everyone reads, content editors write. */
export const menusRoutes: FastifyPluginAsync<TContentDeps> = async (app, deps) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const maxAge = deps.config.CONTENT_PUBLIC_MAX_AGE_SECONDS;

  r.get('/api/v1/cms/menus', {
    schema: {
      tags: TAGS,
      summary: 'The tenant’s menus (id, slug); the one with slug `main` is the main menu (spec §2)',
      description: '`include=items`: each menu’s items in menu order, titles in the request’s language.',
      querystring: ZJsonApiQueryString,
      response: { 200: ZMenuCollection },
    },
    handler: async (req, reply) => {
      const ctx = await contextOf(req, deps);
      const query = parseJsonApiQuery(req.query as Record<string, string>, MENUS_QUERY);
      publicCache(req, reply, maxAge);
      if (!query.include.includes('items')) {
        const menus = await listMenus(ctx.db);
        return collectionDocument(
          menus.map((m) => menuResource(m)),
          { total: menus.length },
        );
      }
      const menus = await menusWithItems(ctx.db);
      return collectionDocument(
        menus.map(({ menu, items }) => menuResource(menu, items)),
        {
          total: menus.length,
          included: menus.flatMap(({ items }) => items.map((i) => menuItemResource(i, ctx.lang))),
        },
      );
    },
  });

  r.get('/api/v1/cms/menu_items', {
    schema: {
      tags: TAGS,
      summary: 'Menu items in menu order, titles in the request’s language (spec §7: `page[size]=1000000`)',
      description:
        'Filters: `menu_id_eq|_in`, `parent_id_eq|_null`, `link_type_eq`. One page of 1,000,000 by default (spec §9).',
      querystring: ZJsonApiQueryString,
      response: { 200: ZMenuItemCollection },
    },
    handler: async (req, reply) => {
      const ctx = await contextOf(req, deps);
      const query = parseJsonApiQuery(req.query as Record<string, string>, MENU_ITEMS_QUERY);
      for (const f of query.filters) {
        if (f.attribute === 'link_type' || typeof f.value === 'boolean') continue;
        if (![f.value].flat().every((v) => UUID.test(v)))
          throw badRequest(`filter[${f.attribute}_${f.predicate}]`);
      }
      const { rows, total } = await listMenuItems(ctx.db, query);
      publicCache(req, reply, maxAge);
      return collectionDocument(
        rows.map((i) => menuItemResource(i, ctx.lang)),
        { total, links: pageLinks(requestUrl(req), query, total) },
      );
    },
  });

  r.post('/api/v1/cms/menu_items', {
    schema: {
      tags: TAGS,
      summary: 'Add a menu item (spec §7: `data{type: menuItem, attributes}`; content editors)',
      body: ZMenuItemCreateBody,
      response: { 201: ZMenuItemDocument },
    },
    handler: async (req, reply) => {
      const ctx = await contextOf(req, deps);
      const author = await requireEditor(req, ctx.db);
      const item = await createMenuItem(ctx, author, req.body.data.attributes);
      return reply.status(201).send(resourceDocument(menuItemResource(item, ctx.lang)));
    },
  });

  r.patch('/api/v1/cms/menu_items/:id', {
    schema: {
      tags: TAGS,
      summary:
        'Change a menu item: title (in the request’s language), link, parent or position (content editors)',
      params: ZId,
      body: ZMenuItemUpdateBody,
      response: { 200: ZMenuItemDocument },
    },
    handler: async (req) => {
      const ctx = await contextOf(req, deps);
      const author = await requireEditor(req, ctx.db);
      const item = await itemOr404(ctx, req.params.id);
      assertSameId(req.body.data.id, item.id);
      const changed = await changeMenuItem(ctx, author, item, req.body.data.attributes);
      return resourceDocument(menuItemResource(changed, ctx.lang));
    },
  });

  r.delete('/api/v1/cms/menu_items/:id', {
    schema: { tags: TAGS, summary: 'Delete a menu item and its sub-items (content editors)', params: ZId },
    handler: async (req, reply) => {
      const ctx = await contextOf(req, deps);
      const author = await requireEditor(req, ctx.db);
      await removeMenuItem(ctx, author, await itemOr404(ctx, req.params.id));
      return reply.status(204).send();
    },
  });
};
