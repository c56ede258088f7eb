import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { FORM_FILE_MAX_MB } from '@stageplein/contracts/forms/form-definition';
import { ZFormFileDocument } from '@stageplein/contracts/forms/form-files';
import { ApiError, badRequest, notFound } from '@stageplein/kit/errors/api-error';
import { limiterStoreFor, rateLimitPluginStore } from '@stageplein/kit/http/limits/limiter-store';
import { resourceDocument } from '@stageplein/kit/jsonapi/serialize';
import type { TContentDeps } from '../../content.config.ts';
import { formOr404 } from '../forms.service.ts';
import { noStore } from '../../shared/cache.ts';
import { requireFormScope } from '../../shared/editor.ts';
import { contextOf, type TCtx } from '../../shared/request.ts';
import { storagesFor } from '../../cms/index.ts';
import { findSubmittedFormFile } from './form-files.repository.ts';
import { formFileResource } from './form-files.serialize.ts';
import { grantFileUpload, storeFormFile, type TFileUploadGrant } from './form-files.service.ts';

const MAX_BYTES = FORM_FILE_MAX_MB * 1024 * 1024;
/** Multipart overhead allowed on top of the file before the body counts as too large. */
const FORM_OVERHEAD = 64 * 1024;
const TOKEN = /^[A-Za-z0-9_-]{1,64}$/;
const isFileField = (name: string) => name === 'file' || name === 'form_file[file]';
const fieldName = (name: string) => /^(?:form_file\[(\w+)\]|(\w+))$/.exec(name)?.slice(1).find(Boolean);
const tooLarge = (maxMb: number) => new ApiError('file_too_large', { max_mb: maxMb }, { pointer: '/file' });

/**
 * Reads the multipart body: `render_token` and `field` first, then the file. The grant (form, token,
 * question) is decided when the file part arrives, before a byte of it is read; the stream stops at
 * the largest size any question allows.
 */
async function readUpload(
  req: FastifyRequest,
  grant: (fields: Record<string, string>) => Promise<TFileUploadGrant>,
): Promise<{ granted: TFileUploadGrant; name: string; bytes: Buffer }> {
  if (!req.isMultipart()) throw new ApiError('unsupported_media_type');
  const fields: Record<string, string> = {};
  let file: { granted: TFileUploadGrant; name: string; bytes: Buffer } | undefined;
  try {
    for await (const part of req.parts()) {
      if (part.type === 'field') {
        const name = fieldName(part.fieldname);
        if (name && typeof part.value === 'string') fields[name] = part.value;
        continue;
      }
      if (!isFileField(part.fieldname) || file) {
        await part.toBuffer();
        continue;
      }
      const granted = await grant(fields);
      file = { granted, name: part.filename, bytes: await part.toBuffer() };
    }
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(FORM_FILE_MAX_MB);
    throw badRequest('form_file[file]');
  }
  if (!file || file.bytes.length === 0) throw new ApiError('validation_failed', {}, { pointer: '/file' });
  return file;
}

/**
 * Files on public forms (docs/decisions/forms.md "Files on public forms"): a visitor's upload,
 * authorised by the form's render token and rate-limited per address, and the editors' download.
 */
export const formFilesRoutes: FastifyPluginAsync<TContentDeps> = async (app, deps) => {
  const storages = storagesFor(deps.config);
  const secret = deps.config.AUTH_TOKEN_SECRET;
  const limits = limiterStoreFor(deps.config);
  app.addHook('onClose', () => limits.close());
  await app.register(rateLimit, {
    global: false,
    hook: 'preHandler',
    store: rateLimitPluginStore(limits),
    errorResponseBuilder: () => new ApiError('rate_limited'),
  });
  await app.register(multipart, {
    limits: { fileSize: MAX_BYTES, files: 1, fields: 10, fieldSize: 1024, parts: 12 },
  });
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/api/v1/public/forms/:token/files', {
    schema: {
      tags: ['forms'],
      summary: 'Upload a file for a public form’s file question (multipart: render_token, field, file)',
      description:
        'Authorised by the render token of `GET /api/v1/public/forms/{token}`; the question’s kinds and size ' +
        'apply, the bytes decide the type, images are re-encoded without metadata. The answer’s id is the ' +
        'question’s answer in the submission; a file no submission names is removed after a day. ' +
        '413 `file_too_large`, 415 `form_file_type_not_allowed`, 422 `upload_polyglot`, `upload_name_mismatch`, ' +
        '`form_expired`; 429.',
      params: z.object({ token: z.string() }),
      response: { 201: ZFormFileDocument },
    },
    config: {
      rateLimit: {
        max: deps.config.RATE_LIMIT_FORM_FILES,
        timeWindow: deps.config.RATE_LIMIT_FORM_WINDOW_SECONDS * 1000,
        keyGenerator: (req: FastifyRequest) => `form-file|${req.tenant.id}|${req.ip}`,
      },
    },
    // Refused on the declared length before a byte of the file is read.
    preValidation: async (req) => {
      if (Number(req.headers['content-length'] ?? 0) > MAX_BYTES + FORM_OVERHEAD)
        throw tooLarge(FORM_FILE_MAX_MB);
    },
    handler: async (req, reply) => {
      if (!TOKEN.test(req.params.token)) throw notFound();
      const ctx: TCtx = await contextOf(req, deps);
      const { granted, ...file } = await readUpload(req, (fields) =>
        grantFileUpload(ctx, secret, req.params.token, fields.render_token, fields.field),
      );
      const row = await storeFormFile(ctx, storages, granted, file);
      noStore(reply);
      return reply.status(201).send(resourceDocument(formFileResource(row)));
    },
  });

  /** A submitted file, for whoever may read the form: always a download, never sniffed or active. */
  r.get('/api/v1/cms/forms/:id/files/:fileId', {
    schema: {
      tags: ['cms', 'forms'],
      summary:
        'A file a submission of the form names (who may read the form: content editors, its School’s admins; an attachment)',
      params: z.object({ id: z.uuid(), fileId: z.uuid() }),
    },
    handler: async (req, reply) => {
      const ctx = await contextOf(req, deps);
      const { scope } = await requireFormScope(req, ctx.db);
      const form = await formOr404(ctx, scope, req.params.id);
      const row = await findSubmittedFormFile(ctx.db, form.id, req.params.fileId);
      if (!row) throw notFound();
      const bytes = await storages
        .of(row.storage)
        .get({ db: ctx.db, tenantId: ctx.tenant.id }, row.storage_key);
      if (!bytes) throw notFound();
      noStore(reply);
      reply.header('x-content-type-options', 'nosniff');
      reply.header('content-security-policy', "default-src 'none'; sandbox");
      reply.header('cross-origin-resource-policy', 'same-origin');
      const ascii = row.name.replace(/[^A-Za-z0-9._ -]/g, '_');
      reply.header(
        'content-disposition',
        `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(row.name)}`,
      );
      reply.type(row.content_type);
      return reply.send(bytes);
    },
  });
};
