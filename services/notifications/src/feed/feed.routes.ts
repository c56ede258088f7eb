import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  NOTIFICATIONS_MAX_PAGE_SIZE,
  NOTIFICATIONS_PAGE_SIZE,
  ZNotificationCollection,
  ZNotificationDocument,
  ZNotificationUpdateBody,
  ZReadAllDocument,
  ZUnreadCountDocument,
} from '@stageplein/contracts/notifications/notifications';
import { notFound } from '@stageplein/kit/errors/api-error';
import { parseJsonApiQuery, ZJsonApiQueryString, type TQuerySpec } from '@stageplein/kit/jsonapi/query';
import { assertSameId } from '@stageplein/kit/jsonapi/update-document';
import { collectionDocument, pageLinks, resourceDocument } from '@stageplein/kit/jsonapi/serialize';
import type { TNotificationsDeps } from '../notifications.config.ts';
import { requireCaller } from '../shared/caller.ts';
import { contextOf, requestUrl } from '../shared/request.ts';
import { notificationResource } from './feed.serialize.ts';
import { markAllRead, markRead, ownFeed, ownUnread } from './feed.service.ts';

const TAGS = ['notifications'];

/** The feed: newest first; `filter[read_at_null]=true` for the unread ones only. */
export const FEED_QUERY: TQuerySpec = {
  filters: { read_at: ['null'] },
  defaultPageSize: NOTIFICATIONS_PAGE_SIZE,
  maxPageSize: NOTIFICATIONS_MAX_PAGE_SIZE,
};

/**
 * Everyone's own feed and nobody else's: every route reads and changes the caller's notifications
 * only (another person's is 404, as if it did not exist). The count answers with an ETag so the
 * portal's polling costs a 304 while nothing changed (docs/decisions/notifications.md "Live").
 */
export const feedRoutes: FastifyPluginAsync<TNotificationsDeps> = async (app, deps) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/v1/notifications', {
    schema: {
      tags: TAGS,
      summary: 'The caller’s own notifications, newest first',
      description:
        'Each with its text in the caller’s language and the portal path of its subject. `filter[read_at_null]=true`: unread only. Paged (`page[size]` ≤ 100, default 20) with `meta.total`.',
      querystring: ZJsonApiQueryString,
      response: { 200: ZNotificationCollection },
    },
    handler: async (req, reply) => {
      const ctx = await contextOf(req, deps);
      const caller = await requireCaller(req);
      const query = parseJsonApiQuery(req.query as Record<string, string>, FEED_QUERY);
      const unreadOnly = query.filters.some((f) => f.attribute === 'read_at' && f.value === true);
      const { rows, total } = await ownFeed(ctx, caller.userId, query.page, unreadOnly);
      reply.header('cache-control', 'private, no-store');
      return collectionDocument(
        rows.map((row) => notificationResource(row, ctx.lang)),
        { total, links: pageLinks(requestUrl(req), query, total) },
      );
    },
  });

  r.get('/api/v1/notifications/unread_count', {
    schema: {
      tags: TAGS,
      summary: 'How many of the caller’s notifications are unread (the bell), with an ETag',
      description:
        '`meta.latest_id` is the newest notification (read or not): a client that saw another one knows a new one came. `meta.poll_seconds`: how often to ask. `If-None-Match` with the last ETag answers 304 while nothing changed.',
      response: { 200: ZUnreadCountDocument, 304: z.null() },
    },
    handler: async (req, reply) => {
      const ctx = await contextOf(req, deps);
      const caller = await requireCaller(req);
      const { unread, latestId } = await ownUnread(ctx, caller.userId);
      const etag = `W/"${unread}-${latestId ?? 'none'}"`;
      reply.header('etag', etag);
      reply.header('cache-control', 'private, no-cache');
      if (req.headers['if-none-match'] === etag) return reply.status(304).send(null);
      return { meta: { unread, latest_id: latestId, poll_seconds: deps.config.NOTIFICATIONS_POLL_SECONDS } };
    },
  });

  r.patch('/api/v1/notifications/:id', {
    schema: {
      tags: TAGS,
      summary: 'Mark one of the caller’s notifications read (or unread again)',
      params: z.object({ id: z.uuid() }),
      body: ZNotificationUpdateBody,
      response: { 200: ZNotificationDocument },
    },
    handler: async (req) => {
      const ctx = await contextOf(req, deps);
      const caller = await requireCaller(req);
      assertSameId(req.body.data.id, req.params.id);
      const row = await markRead(ctx, caller.userId, req.params.id, req.body.data.attributes.read);
      if (!row) throw notFound();
      return resourceDocument(notificationResource(row, ctx.lang));
    },
  });

  r.post('/api/v1/notifications/read_all', {
    schema: {
      tags: TAGS,
      summary: 'Mark all of the caller’s notifications read',
      response: { 200: ZReadAllDocument },
    },
    handler: async (req) => {
      const ctx = await contextOf(req, deps);
      const caller = await requireCaller(req);
      return { meta: { marked: await markAllRead(ctx, caller.userId) } };
    },
  });
};
