import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  STOCK_IMAGES_QUERY,
  ZStockImageCollection,
  ZStockImageCreateBody,
  ZStockImageDocument,
  ZStockImageUpdateBody,
} from '@stageplein/contracts/content/media';
import { notFound } from '@stageplein/kit/errors/api-error';
import { parseJsonApiQuery, ZJsonApiQueryString } from '@stageplein/kit/jsonapi/query';
import { collectionDocument, pageLinks, resourceDocument } from '@stageplein/kit/jsonapi/serialize';
import type { TContentDeps } from '../../content.config.ts';
import { assertSameId } from '@stageplein/kit/jsonapi/update-document';
import { publicCache } from '../../shared/cache.ts';
import { requireEditor } from '../../shared/editor.ts';
import { contextOf, requestUrl, type TCtx } from '../../shared/request.ts';
import { findStockImage, listStockImages } from './stock-images.repository.ts';
import { stockImageResource } from './stock-images.serialize.ts';
import { changeStockImage, createStockImage, removeStockImage } from './stock-images.service.ts';

const TAGS = ['cms'];
const ZId = z.object({ id: z.uuid() });

async function stockImageOr404(ctx: TCtx, id: string) {
  const image = await findStockImage(ctx.db, ctx.tenant.id, id);
  if (!image) throw notFound();
  return image;
}

/**
 * `/content/stock-images`: the tenant's library. Everyone reads it (editors of pages, news and
 * vacancies pick from it; its files are public anyway); content editors change it.
 */
export const stockImagesRoutes: FastifyPluginAsync<TContentDeps> = async (app, deps) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const maxAge = deps.config.CONTENT_PUBLIC_MAX_AGE_SECONDS;

  r.get('/api/v1/cms/stock_images', {
    schema: {
      tags: TAGS,
      summary: 'The tenant’s stock images with title, author and licence, by title',
      description: 'Filters: `title_eq`, `title_cont`, `license_eq`.',
      querystring: ZJsonApiQueryString,
      response: { 200: ZStockImageCollection },
    },
    handler: async (req, reply) => {
      const ctx = await contextOf(req, deps);
      const query = parseJsonApiQuery(req.query as Record<string, string>, STOCK_IMAGES_QUERY);
      const { rows, total } = await listStockImages(ctx.db, query);
      publicCache(req, reply, maxAge);
      return collectionDocument(rows.map(stockImageResource), {
        total,
        links: pageLinks(requestUrl(req), query, total),
      });
    },
  });

  r.get('/api/v1/cms/stock_images/:id', {
    schema: { tags: TAGS, summary: 'One stock image', params: ZId, response: { 200: ZStockImageDocument } },
    handler: async (req, reply) => {
      const ctx = await contextOf(req, deps);
      const image = await stockImageOr404(ctx, req.params.id);
      publicCache(req, reply, maxAge);
      return resourceDocument(stockImageResource(image));
    },
  });

  r.post('/api/v1/cms/stock_images', {
    schema: {
      tags: TAGS,
      summary: 'Add an image upload to the library with its licence (content editors)',
      body: ZStockImageCreateBody,
      response: { 201: ZStockImageDocument },
    },
    handler: async (req, reply) => {
      const ctx = await contextOf(req, deps);
      const author = await requireEditor(req, ctx.db);
      const image = await createStockImage(ctx, author, req.body.data.attributes);
      return reply.status(201).send(resourceDocument(stockImageResource(image)));
    },
  });

  r.patch('/api/v1/cms/stock_images/:id', {
    schema: {
      tags: TAGS,
      summary: 'Change a stock image’s title, alt text, author or licence (content editors)',
      params: ZId,
      body: ZStockImageUpdateBody,
      response: { 200: ZStockImageDocument },
    },
    handler: async (req) => {
      const ctx = await contextOf(req, deps);
      const author = await requireEditor(req, ctx.db);
      const image = await stockImageOr404(ctx, req.params.id);
      assertSameId(req.body.data.id, image.id);
      return resourceDocument(
        stockImageResource(await changeStockImage(ctx, author, image, req.body.data.attributes)),
      );
    },
  });

  r.delete('/api/v1/cms/stock_images/:id', {
    schema: { tags: TAGS, summary: 'Remove an image from the library (content editors)', params: ZId },
    handler: async (req, reply) => {
      const ctx = await contextOf(req, deps);
      const author = await requireEditor(req, ctx.db);
      await removeStockImage(ctx, author, await stockImageOr404(ctx, req.params.id));
      return reply.status(204).send();
    },
  });
};
