import multipart from '@fastify/multipart';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  UPLOAD_MAX_BYTES,
  UPLOADS_QUERY,
  ZFileHash,
  ZUploadCollection,
  ZUploadDocument,
} from '@stageplein/contracts/content/media';
import { uploadInScope, type TUploadScope } from '@stageplein/contracts/content/content-policy';
import { ApiError, badRequest, notFound } from '@stageplein/kit/errors/api-error';
import { parseJsonApiQuery, ZJsonApiQueryString } from '@stageplein/kit/jsonapi/query';
import { collectionDocument, pageLinks, resourceDocument } from '@stageplein/kit/jsonapi/serialize';
import type { TContentDeps } from '../../content.config.ts';
import { noStore } from '../../shared/cache.ts';
import { requireUploader } from '../../shared/editor.ts';
import { contextOf, requestUrl, type TCtx } from '../../shared/request.ts';
import { storagesFor } from './storage.ts';
import { findUpload, findUploadByHash, listUploads } from './uploads.repository.ts';
import { uploadResource } from './uploads.serialize.ts';
import { removeUpload, storeUpload, tooLarge } from './uploads.service.ts';

const TAGS = ['cms'];
const ZId = z.object({ id: z.uuid() });
/** Multipart overhead allowed on top of the file before the body counts as too large. */
const FORM_OVERHEAD = 64 * 1024;
/** Stored files never change (their address is their hash): a year, immutable. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** `upload[file]` (spec §7: bracketed form keys) and `file` are the same field. */
const isFileField = (name: string) => name === 'file' || name === 'upload[file]';

/** Reads the form's file; the stream stops at the limit (nothing more is read or kept). */
async function readFile(req: FastifyRequest): Promise<{ name: string; bytes: Buffer }> {
  if (!req.isMultipart()) throw new ApiError('unsupported_media_type');
  let file: { name: string; bytes: Buffer } | undefined;
  try {
    for await (const part of req.parts()) {
      if (part.type !== 'file') continue;
      const bytes = await part.toBuffer();
      if (isFileField(part.fieldname) && !file) file = { name: part.filename, bytes };
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    // Only the form is read here: any other failure is a malformed body (no boundary, cut off …).
    throw badRequest('upload[file]');
  }
  if (!file || file.bytes.length === 0)
    throw new ApiError('validation_failed', {}, { pointer: '/upload/file' });
  return file;
}

/** The upload when the caller's scope holds it; another organization's answers 404 like a missing one. */
async function uploadInScopeOr404(ctx: TCtx, scope: TUploadScope, id: string) {
  const row = await findUpload(ctx.db, ctx.tenant.id, id);
  if (!row || !uploadInScope(scope, row.organization_id)) throw notFound();
  return row;
}

/**
 * Uploads of content editors (the tenant's) and of organization admins (their organization's, e.g.
 * vacancy images; docs/decisions/content.md) (`/content/file-upload`): images and PDFs, checked by their bytes, images
 * re-encoded without metadata, stored content-addressed behind the storage port, served immutable.
 */
export const uploadsRoutes: FastifyPluginAsync<TContentDeps> = async (app, deps) => {
  const storages = storagesFor(deps.config);
  // At start: the store is usable (S3: its bucket exists), or the process does not come up; afterwards
  // /ready says whether it still answers (an S3 store is another machine).
  await storages.ready();
  const { check } = storages.write;
  if (check) app.readinessChecks.push({ name: 'content-files', check });
  await app.register(multipart, {
    limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 10, fieldSize: 1024, parts: 12 },
  });
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/api/v1/cms/uploads', {
    schema: {
      tags: TAGS,
      summary:
        'Upload an image (JPEG, PNG, WebP) or a PDF (content editors; organization admins for their ' +
        'organization; multipart `upload[file]`)',
      description:
        'The bytes decide the type (a name with another type’s extension is 422 `upload_name_mismatch`); ' +
        'images are re-encoded, resized and stripped of metadata. The same ' +
        'stored bytes again from the same owner answer 200 with the existing upload, a new file 201. An ' +
        'organization admin’s upload belongs to their organization (`organization_id`).',
      response: { 200: ZUploadDocument, 201: ZUploadDocument },
    },
    // Refused on the declared length before a byte of the file is read.
    preValidation: async (req) => {
      const length = Number(req.headers['content-length'] ?? 0);
      if (length > UPLOAD_MAX_BYTES + FORM_OVERHEAD) throw tooLarge();
    },
    handler: async (req, reply) => {
      const ctx = await contextOf(req, deps);
      // Who may upload is known before the file is read.
      const { author, scope } = await requireUploader(req, ctx.db);
      const owner = scope.kind === 'organization' ? scope.organizationId : null;
      const { row, fresh } = await storeUpload(ctx, storages, author, await readFile(req), owner);
      noStore(reply);
      reply.status(fresh ? 201 : 200).header('location', `/api/v1/cms/uploads/${row.id}`);
      return resourceDocument(uploadResource(row));
    },
  });

  r.get('/api/v1/cms/uploads', {
    schema: {
      tags: TAGS,
      summary: 'The tenant’s uploads, newest first (content editors; an organization admin: its own)',
      description: 'Filters: `kind_eq` (image, pdf), `content_type_eq`, `hash_eq`.',
      querystring: ZJsonApiQueryString,
      response: { 200: ZUploadCollection },
    },
    handler: async (req, reply) => {
      const ctx = await contextOf(req, deps);
      const { scope } = await requireUploader(req, ctx.db);
      const query = parseJsonApiQuery(req.query as Record<string, string>, UPLOADS_QUERY);
      const { rows, total } = await listUploads(ctx.db, query, scope);
      noStore(reply);
      return collectionDocument(rows.map(uploadResource), {
        total,
        links: pageLinks(requestUrl(req), query, total),
      });
    },
  });

  r.get('/api/v1/cms/uploads/:id', {
    schema: {
      tags: TAGS,
      summary: 'One upload (content editors; an organization admin: its own)',
      params: ZId,
      response: { 200: ZUploadDocument },
    },
    handler: async (req, reply) => {
      const ctx = await contextOf(req, deps);
      const { scope } = await requireUploader(req, ctx.db);
      const row = await uploadInScopeOr404(ctx, scope, req.params.id);
      noStore(reply);
      return resourceDocument(uploadResource(row));
    },
  });

  r.delete('/api/v1/cms/uploads/:id', {
    schema: {
      tags: TAGS,
      summary: 'Delete an upload and its file (content editors; an organization admin: its own)',
      params: ZId,
    },
    handler: async (req, reply) => {
      const ctx = await contextOf(req, deps);
      const { author, scope } = await requireUploader(req, ctx.db);
      const row = await uploadInScopeOr404(ctx, scope, req.params.id);
      await removeUpload(ctx, storages, author, row);
      return reply.status(204).send();
    },
  });

  /**
   * The file itself, for everyone who knows its address (pages and news link it). Never sniffed
   * (`nosniff`), never active: a sandboxing CSP, images inline, PDFs as downloads.
   */
  r.get('/api/v1/cms/files/:hash', {
    schema: {
      tags: TAGS,
      summary: 'A stored file by its SHA-256 (immutable; images inline, PDFs as attachment)',
      params: z.object({ hash: z.string() }),
    },
    handler: async (req, reply) => {
      const hash = ZFileHash.safeParse(req.params.hash);
      if (!hash.success) throw notFound();
      const ctx = await contextOf(req, deps);
      const row = await findUploadByHash(ctx.db, ctx.tenant.id, hash.data);
      if (!row) throw notFound();
      const etag = `"${row.hash}"`;
      reply.header('etag', etag);
      reply.header('cache-control', IMMUTABLE);
      reply.header('vary', 'x-tenant, cookie');
      reply.header('x-content-type-options', 'nosniff');
      reply.header('content-security-policy', "default-src 'none'; sandbox");
      reply.header('cross-origin-resource-policy', 'same-site');
      if (req.headers['if-none-match'] === etag) return reply.status(304).send();
      const bytes = await storages.of(row.storage).get({ db: ctx.db, tenantId: ctx.tenant.id }, row.hash);
      if (!bytes) throw notFound();
      const extension =
        row.content_type === 'application/pdf' ? 'pdf' : row.content_type.slice('image/'.length);
      const disposition = row.kind === 'pdf' ? 'attachment' : 'inline';
      reply.header('content-disposition', `${disposition}; filename="${row.hash}.${extension}"`);
      reply.type(row.content_type);
      return reply.send(bytes);
    },
  });
};
