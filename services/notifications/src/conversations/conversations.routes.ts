import { createHash } from 'node:crypto';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ATTACHMENT_MAX_BYTES,
  ATTACHMENTS_PER_MESSAGE,
  CONVERSATIONS_MAX_PAGE_SIZE,
  CONVERSATIONS_PAGE_SIZE,
  MESSAGES_MAX_PAGE_SIZE,
  MESSAGES_PAGE_SIZE,
  ZConversationCollection,
  ZConversationCreateBody,
  ZConversationDocument,
  ZConversationOptionCollection,
  ZMessageCollection,
  ZMessageCreateBody,
  ZMessageDocument,
  ZReadStateDocument,
} from '@stageplein/contracts/notifications/conversations';
import { ApiError, badRequest, notFound } from '@stageplein/kit/errors/api-error';
import { parseJsonApiQuery, ZJsonApiQueryString, type TQuerySpec } from '@stageplein/kit/jsonapi/query';
import { collectionDocument, pageLinks, resourceDocument } from '@stageplein/kit/jsonapi/serialize';
import type { TNotificationsDeps } from '../notifications.config.ts';
import { requireCaller } from '../shared/caller.ts';
import { contextOf, requestUrl, type TCtx } from '../shared/request.ts';
import { notificationsStorages } from './attachments.ts';
import { conversationResource, messageResource, optionResources } from './conversations.serialize.ts';
import {
  attachmentOf,
  conversationOf,
  conversationOptions,
  markConversationRead,
  messagesOf,
  openConversation,
  ownConversations,
  postMessage,
  type TNewFile,
} from './conversations.service.ts';

const TAGS = ['conversations'];
const ZId = z.object({ id: z.uuid() });
/** Multipart overhead allowed on top of the files before the body counts as too large. */
const FORM_OVERHEAD = 64 * 1024;

const LIST_QUERY: TQuerySpec = {
  defaultPageSize: CONVERSATIONS_PAGE_SIZE,
  maxPageSize: CONVERSATIONS_MAX_PAGE_SIZE,
};
const MESSAGES_QUERY: TQuerySpec = {
  defaultPageSize: MESSAGES_PAGE_SIZE,
  maxPageSize: MESSAGES_MAX_PAGE_SIZE,
};

/**
 * Answers a poll (docs/decisions/conversations.md "Live"): the document's ETag (a hash of what this
 * reader sees) with `private, no-cache`, so the browser revalidates and an unchanged answer is a 304.
 */
function withEtag<T>(req: FastifyRequest, reply: FastifyReply, doc: T): T | null {
  const etag = `W/"${createHash('sha1').update(JSON.stringify(doc)).digest('base64url')}"`;
  reply.header('etag', etag);
  reply.header('cache-control', 'private, no-cache');
  if (req.headers['if-none-match'] === etag) {
    reply.status(304);
    return null;
  }
  return doc;
}

/** The conversation when the caller takes part in it; 404 otherwise (as if it did not exist). */
async function ownOr404(ctx: TCtx, userId: string, id: string) {
  const view = await conversationOf(ctx, userId, id);
  if (!view) throw notFound();
  return view;
}

/** `body`, `message[body]`, `attachments[]`, `message[attachments][]` (spec §7's bracketed keys) → `body`, `attachments`. */
const fieldOf = (name: string) => name.replace(/^message\[(\w+)\]/, '$1').replace(/\[\]$/, '');

/** A message as multipart: `body`, `internal` and up to five files `attachments` (each stream stops at the limit). */
async function readMultipart(
  req: FastifyRequest,
): Promise<{ body: string; internal: boolean; files: TNewFile[] }> {
  let body = '';
  let internal = false;
  const files: TNewFile[] = [];
  try {
    for await (const part of req.parts()) {
      const field = fieldOf(part.fieldname);
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (field === 'attachments') files.push({ name: part.filename, bytes });
      } else if (field === 'body') body = String(part.value);
      else if (field === 'internal') internal = String(part.value) === 'true';
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw new ApiError('file_too_large', { max_mb: ATTACHMENT_MAX_BYTES / 1024 / 1024 });
    if (code === 'FST_FILES_LIMIT')
      throw new ApiError('validation_failed', {}, { pointer: '/data/attributes/attachments' });
    throw badRequest('attachments');
  }
  return { body, internal, files };
}

/**
 * Conversations (issue #35 item 5, docs/decisions/conversations.md). Every route is the caller's own:
 * a conversation they take part in (an internship's party, a direct conversation's member), else 404;
 * internal notes only for the school's staff. RLS keeps every table to the request's tenant.
 */
export const conversationsRoutes: FastifyPluginAsync<TNotificationsDeps> = async (app, deps) => {
  const storages = notificationsStorages(deps.config);
  await storages.ready();
  const { check } = storages.write;
  if (check) app.readinessChecks.push({ name: 'notifications-files', check });
  await app.register(multipart, {
    limits: {
      fileSize: ATTACHMENT_MAX_BYTES,
      files: ATTACHMENTS_PER_MESSAGE,
      fields: 5,
      fieldSize: 64 * 1024,
      parts: ATTACHMENTS_PER_MESSAGE + 5,
    },
  });
  const r = app.withTypeProvider<ZodTypeProvider>();
  /** How often the portal asks again (`meta.poll_seconds`), as the bell does. */
  const pollSeconds = deps.config.NOTIFICATIONS_POLL_SECONDS;

  r.get('/api/v1/conversations', {
    schema: {
      tags: TAGS,
      summary: 'The caller’s conversations, the newest message first, with an ETag',
      description:
        'Internship threads of which the caller is a party and their direct conversations: participants with their read state, the newest message the caller may read and how many they have not read. Paged (`page[size]` ≤ 100); `meta.poll_seconds`: how often to ask. `If-None-Match` with the last ETag answers 304 while nothing changed.',
      querystring: ZJsonApiQueryString,
      response: { 200: ZConversationCollection, 304: z.null() },
    },
    handler: async (req, reply) => {
      const ctx = await contextOf(req, deps);
      const caller = await requireCaller(req);
      const query = parseJsonApiQuery(req.query as Record<string, string>, LIST_QUERY);
      const { views, total } = await ownConversations(ctx, caller.userId, query.page);
      const doc = collectionDocument(
        views.map((v) => conversationResource(v, caller.userId)),
        { total, links: pageLinks(requestUrl(req), query, total) },
      );
      return withEtag(req, reply, { ...doc, meta: { ...doc.meta, poll_seconds: pollSeconds } });
    },
  });

  r.get('/api/v1/conversations/options', {
    schema: {
      tags: TAGS,
      summary: 'Whom the caller may open a conversation with',
      description:
        'The internships of which the caller is a party (their threads) and the people who share one with them (a direct conversation).',
      response: { 200: ZConversationOptionCollection },
    },
    handler: async (req, reply) => {
      const ctx = await contextOf(req, deps);
      const caller = await requireCaller(req);
      const options = optionResources(await conversationOptions(ctx, caller.userId));
      reply.header('cache-control', 'private, no-store');
      return collectionDocument(options, { total: options.length });
    },
  });

  r.post('/api/v1/conversations', {
    schema: {
      tags: TAGS,
      summary: 'Open an internship’s thread or a direct conversation (an existing one is returned)',
      description:
        '`internship_id`: the caller is one of its parties. `user_id`: someone who shares an internship with the caller. 201 when made, 200 when it existed.',
      body: ZConversationCreateBody,
      response: { 200: ZConversationDocument, 201: ZConversationDocument },
    },
    handler: async (req, reply) => {
      const ctx = await contextOf(req, deps);
      const caller = await requireCaller(req);
      const { view, created } = await openConversation(ctx, caller.userId, req.body.data.attributes);
      reply.status(created ? 201 : 200).header('location', `/api/v1/conversations/${view.conversation.id}`);
      return resourceDocument(conversationResource(view, caller.userId));
    },
  });

  r.get('/api/v1/conversations/:id', {
    schema: {
      tags: TAGS,
      summary: 'One of the caller’s conversations',
      params: ZId,
      response: { 200: ZConversationDocument, 304: z.null() },
    },
    handler: async (req, reply) => {
      const ctx = await contextOf(req, deps);
      const caller = await requireCaller(req);
      const view = await ownOr404(ctx, caller.userId, req.params.id);
      return withEtag(req, reply, resourceDocument(conversationResource(view, caller.userId)));
    },
  });

  r.get('/api/v1/conversations/:id/messages', {
    schema: {
      tags: TAGS,
      summary: 'The newest messages of a conversation, oldest first, with an ETag',
      description:
        'Internal notes only for the school’s staff. `page[size]` (≤ 200, default 50) newest messages; `meta.total` counts all the caller may read; `meta.poll_seconds`: how often to ask. `If-None-Match` with the last ETag answers 304 while nothing changed.',
      params: ZId,
      querystring: ZJsonApiQueryString,
      response: { 200: ZMessageCollection, 304: z.null() },
    },
    handler: async (req, reply) => {
      const ctx = await contextOf(req, deps);
      const caller = await requireCaller(req);
      const query = parseJsonApiQuery(req.query as Record<string, string>, MESSAGES_QUERY);
      if (query.page.number !== 1) throw badRequest('page[number]');
      const view = await ownOr404(ctx, caller.userId, req.params.id);
      const { rows, attachments, total } = await messagesOf(ctx, view, query.page.size);
      const doc = collectionDocument(
        rows.map((m) => messageResource(m, attachments)),
        { total },
      );
      return withEtag(req, reply, { ...doc, meta: { ...doc.meta, poll_seconds: pollSeconds } });
    },
  });

  r.post('/api/v1/conversations/:id/messages', {
    schema: {
      tags: TAGS,
      summary: 'Write in a conversation (JSON:API, or multipart with attachments)',
      description:
        'JSON:API `body` (1–5,000 characters) and `internal` (the school’s staff only: an internal note); or multipart/form-data with the fields `body`, `internal` and up to five files `attachments` (PDF, JPEG, PNG, WebP by their bytes, named to fit, nothing hidden in them, ≤ 10 MB each; images re-encoded without metadata). The others are told through the notification pipeline.',
      params: ZId,
      response: { 201: ZMessageDocument },
    },
    preValidation: async (req) => {
      const length = Number(req.headers['content-length'] ?? 0);
      if (length > ATTACHMENTS_PER_MESSAGE * ATTACHMENT_MAX_BYTES + FORM_OVERHEAD)
        throw new ApiError('file_too_large', { max_mb: ATTACHMENT_MAX_BYTES / 1024 / 1024 });
    },
    handler: async (req, reply) => {
      const ctx = await contextOf(req, deps);
      const caller = await requireCaller(req);
      const view = await ownOr404(ctx, caller.userId, req.params.id);
      const input = req.isMultipart()
        ? await readMultipart(req)
        : { ...ZMessageCreateBody.parse(req.body).data.attributes, files: [] };
      const { message, attachments } = await postMessage(ctx, storages, caller, view, input);
      reply.status(201);
      return resourceDocument(messageResource(message, attachments));
    },
  });

  r.post('/api/v1/conversations/:id/read', {
    schema: {
      tags: TAGS,
      summary: 'The caller has read the conversation (up to its newest message they may read)',
      description: 'Their notifications about it are marked read too. Answers their read state.',
      params: ZId,
      response: { 200: ZReadStateDocument },
    },
    handler: async (req) => {
      const ctx = await contextOf(req, deps);
      const caller = await requireCaller(req);
      const view = await ownOr404(ctx, caller.userId, req.params.id);
      const at = await markConversationRead(ctx, caller.userId, view);
      return { meta: { last_read_at: at?.toISOString() ?? null } };
    },
  });

  r.get('/api/v1/conversations/:id/attachments/:attachmentId', {
    schema: {
      tags: TAGS,
      summary: 'Download an attachment (participants who may read its message)',
      params: z.object({ id: z.uuid(), attachmentId: z.uuid() }),
    },
    handler: async (req, reply) => {
      const ctx = await contextOf(req, deps);
      const caller = await requireCaller(req);
      const view = await ownOr404(ctx, caller.userId, req.params.id);
      const found = await attachmentOf(ctx, storages, view, req.params.attachmentId);
      if (!found) throw notFound();
      const { row, bytes } = found;
      reply.header('content-type', row.content_type);
      reply.header(
        'content-disposition',
        `attachment; filename="${row.file_name.replace(/[^\x20-\x7e]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(row.file_name)}`,
      );
      reply.header('cache-control', 'private, no-store');
      reply.header('x-content-type-options', 'nosniff');
      reply.header('content-security-policy', "default-src 'none'; sandbox");
      return reply.send(bytes);
    },
  });
};
