import multipart from '@fastify/multipart';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Selectable } from 'kysely';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  STUDENT_IMPORT_MAX_BYTES,
  STUDENT_IMPORT_ROW_STATUSES,
  ZStudentImportCollection,
  ZStudentImportDocument,
  ZStudentImportOptions,
  ZStudentImportRowCollection,
} from '@stageplein/contracts/imports/student-import';
import { ApiError, forbidden, notFound } from '@stageplein/kit/errors/api-error';
import { collectionDocument, resourceDocument } from '@stageplein/kit/jsonapi/serialize';
import type { TServiceDeps } from '@stageplein/kit/service';
import { requireCaller } from '../shared/caller.ts';
import { contextOf, type TCtx } from '../shared/request.ts';
import { importWorkflows } from './import-workflows.ts';
import { importsPolicy } from './imports.policy.ts';
import {
  countImportRows,
  findImport,
  listImportRows,
  listImportsOfSchool,
  type TIDb,
} from './imports.repository.ts';
import { importResource, reportCsv, rowResource } from './imports.serialize.ts';
import { cancelImport, requestImport, requestMagisterImport, startImportNow } from './imports.service.ts';
import {
  ZGroupPreviewDocument,
  ZMagisterConnectionDocument,
  ZMagisterConnectionInput,
  ZMagisterConnectionOrNullDocument,
} from '@stageplein/contracts/imports/roster';
import { previewGroups } from './group-preview.service.ts';
import { findMagisterConnection } from '../roster-sources/roster-connections.repository.ts';
import {
  removeMagisterConnection,
  saveMagisterConnection,
} from '../roster-sources/roster-connections.service.ts';
import type { TRosterConnectionsTable } from './imports.table.ts';
import { checkCsvUpload } from '@stageplein/kit/uploads/csv-check';

const TAGS = ['imports'];
const ZId = z.object({ id: z.uuid() });
const ZRowsQuery = z.object({
  'filter[status_eq]': z.enum(STUDENT_IMPORT_ROW_STATUSES).optional(),
  'page[number]': z.coerce.number().int().min(1).default(1),
  'page[size]': z.coerce.number().int().min(1).max(1000).default(100),
});
/** Multipart overhead allowed on top of the file itself before the body counts as too large. */
const FORM_OVERHEAD = 64 * 1024;
const idb = (ctx: TCtx): TIDb => ctx.db;
/** `import[file]` (spec §7: bracketed form keys) and `file` are the same field. */
const fieldName = (name: string) => name.replace(/^import\[(.+)\]$/, '$1');
const tooLarge = () => new ApiError('file_too_large', { max_mb: STUDENT_IMPORT_MAX_BYTES / 1024 / 1024 });
const invalidField = (field: string) => new ApiError('validation_failed', {}, { pointer: `/${field}` });

/** Reads the form; the file may not exceed the limit (the stream stops there, nothing is parsed). */
async function readUpload(req: FastifyRequest) {
  if (!req.isMultipart()) throw new ApiError('unsupported_file_type');
  const fields: Record<string, string> = {};
  let file: { fileName: string; mimeType: string; bytes: Buffer } | undefined;
  try {
    for await (const part of req.parts()) {
      const name = fieldName(part.fieldname);
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (name === 'file' && !file) file = { fileName: part.filename, mimeType: part.mimetype, bytes };
      } else {
        fields[name] = String(part.value);
      }
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw error;
  }
  if (!file) throw invalidField('file');
  if (checkCsvUpload(file.fileName, file.mimeType, file.bytes)) throw new ApiError('unsupported_file_type');
  return { ...file, fields };
}

/**
 * `/importeren/csv`: school admins upload a CSV of students; a Temporal workflow imports it
 * (workflows/src/student-import, with organizations' activities). The upload only records the import
 * and the request to run it (imports.service.ts); the consumer of that event starts the workflow.
 */
export const importsRoutes: FastifyPluginAsync<TServiceDeps> = async (app, deps) => {
  const workflows = importWorkflows(deps.temporal);
  await app.register(multipart, {
    limits: { fileSize: STUDENT_IMPORT_MAX_BYTES, files: 1, fields: 10, fieldSize: 1024 },
  });
  const r = app.withTypeProvider<ZodTypeProvider>();

  /** The import, if the caller manages its school (404 otherwise: other schools' imports do not exist here). */
  async function loadImport(req: FastifyRequest, id: string) {
    const ctx = await contextOf(req, deps);
    const row = await findImport(idb(ctx), id);
    const caller = await requireCaller(req, ctx.db);
    if (!row || !importsPolicy.manage(caller, { schoolId: row.school_id })) throw notFound();
    return { ctx, row };
  }

  /** Imports their requests asked for; started once the response (and so the transaction) is done. */
  const requested = new WeakMap<FastifyRequest, string>();
  const startRequested = async (req: FastifyRequest, reply: { statusCode: number }) => {
    const importId = requested.get(req);
    if (importId && reply.statusCode === 202)
      await startImportNow(
        deps.db,
        { tenant: req.tenant.id, importId, at: deps.now?.() ?? new Date() },
        workflows,
      );
  };

  r.post('/api/v1/imports', {
    schema: {
      tags: TAGS,
      summary: 'Upload a CSV of students (multipart: file, school_id, create_missing_groups)',
      response: { 200: ZStudentImportDocument, 202: ZStudentImportDocument },
    },
    onResponse: startRequested,
    // Refused on the declared length before a byte of the file is read.
    preValidation: async (req) => {
      const length = Number(req.headers['content-length'] ?? 0);
      if (length > STUDENT_IMPORT_MAX_BYTES + FORM_OVERHEAD) throw tooLarge();
    },
    handler: async (req, reply) => {
      const ctx = await contextOf(req, deps);
      const caller = await requireCaller(req, ctx.db);
      // Who may import is known before the upload is read.
      if (!importsPolicy.start(caller)) throw forbidden();
      const upload = await readUpload(req);
      const options = ZStudentImportOptions.safeParse({
        school_id: upload.fields.school_id ?? caller.current?.id,
        create_missing_groups: upload.fields.create_missing_groups,
      });
      if (!options.success) throw invalidField(String(options.error.issues[0]?.path[0] ?? ''));
      if (!importsPolicy.manage(caller, { schoolId: options.data.school_id })) throw forbidden();
      const { row, fresh } = await requestImport(ctx, caller, upload, options.data);
      if (fresh) requested.set(req, row.id);
      reply.status(fresh ? 202 : 200).header('location', `/api/v1/imports/${row.id}`);
      return resourceDocument(importResource(row));
    },
  });

  r.get('/api/v1/imports', {
    schema: {
      tags: TAGS,
      summary: 'Imports of the current School, newest first',
      response: { 200: ZStudentImportCollection },
    },
    handler: async (req) => {
      const ctx = await contextOf(req, deps);
      const caller = await requireCaller(req, ctx.db);
      const schoolId = caller.current?.id ?? '';
      if (!importsPolicy.manage(caller, { schoolId })) throw forbidden();
      const rows = await listImportsOfSchool(idb(ctx), schoolId, 100);
      return collectionDocument(rows.map(importResource), { total: rows.length });
    },
  });

  /** The current school of a caller who manages it (403 otherwise). */
  async function managedSchool(req: FastifyRequest) {
    const ctx = await contextOf(req, deps);
    const caller = await requireCaller(req, ctx.db);
    const schoolId = caller.current?.id ?? '';
    if (!importsPolicy.start(caller) || !importsPolicy.manage(caller, { schoolId })) throw forbidden();
    return { ctx, caller, schoolId };
  }
  const connectionDocument = (row: Selectable<TRosterConnectionsTable>) =>
    resourceDocument({
      type: 'magister_connection',
      id: row.school_id,
      attributes: {
        school_id: row.school_id,
        base_url: row.base_url,
        client_id: row.client_id,
        has_secret: row.secret_sealed.length > 0,
        nightly: row.nightly,
        updated_at: row.updated_at.toISOString(),
      },
    });

  r.get('/api/v1/imports/magister/connection', {
    schema: {
      tags: TAGS,
      summary: 'The current School’s Magister connection (the secret is never returned; null when none)',
      response: { 200: ZMagisterConnectionOrNullDocument },
    },
    handler: async (req) => {
      const { ctx, schoolId } = await managedSchool(req);
      const row = await findMagisterConnection(ctx.db, schoolId);
      return row ? connectionDocument(row) : resourceDocument(null);
    },
  });

  r.put('/api/v1/imports/magister/connection', {
    schema: {
      tags: TAGS,
      summary: 'Set the current School’s Magister connection and its nightly sync',
      body: z.object({
        data: z.object({ type: z.literal('magister_connection'), attributes: ZMagisterConnectionInput }),
      }),
      response: { 200: ZMagisterConnectionDocument },
    },
    handler: async (req) => {
      const { ctx, caller, schoolId } = await managedSchool(req);
      const row = await saveMagisterConnection(
        ctx,
        caller,
        schoolId,
        req.body.data.attributes,
        deps.temporal,
      );
      return connectionDocument(row);
    },
  });

  r.delete('/api/v1/imports/magister/connection', {
    schema: {
      tags: TAGS,
      summary: 'Remove the current School’s Magister connection and its nightly sync',
    },
    handler: async (req, reply) => {
      const { ctx, schoolId } = await managedSchool(req);
      if (!(await removeMagisterConnection(ctx, schoolId, deps.temporal))) throw notFound();
      return reply.status(204).send();
    },
  });

  r.post('/api/v1/imports/magister', {
    schema: {
      tags: TAGS,
      summary: 'Import the current School’s students from Magister now',
      response: { 200: ZStudentImportDocument, 202: ZStudentImportDocument },
    },
    onResponse: startRequested,
    handler: async (req, reply) => {
      const { ctx, caller, schoolId } = await managedSchool(req);
      const { row, fresh } = await requestMagisterImport(ctx, caller, schoolId);
      if (fresh) requested.set(req, row.id);
      reply.status(fresh ? 202 : 200).header('location', `/api/v1/imports/${row.id}`);
      return resourceDocument(importResource(row));
    },
  });

  r.post('/api/v1/imports/group_preview', {
    schema: {
      tags: TAGS,
      summary: 'The classes a CSV of students names, before a group import (nothing is written)',
      response: { 200: ZGroupPreviewDocument },
    },
    preValidation: async (req) => {
      const length = Number(req.headers['content-length'] ?? 0);
      if (length > STUDENT_IMPORT_MAX_BYTES + FORM_OVERHEAD) throw tooLarge();
    },
    handler: async (req) => {
      const { ctx, schoolId } = await managedSchool(req);
      const upload = await readUpload(req);
      const attributes = await previewGroups(ctx, schoolId, { source: 'csv', file: upload.bytes });
      return resourceDocument({ type: 'group_preview', id: schoolId, attributes });
    },
  });

  r.post('/api/v1/imports/magister/group_preview', {
    schema: {
      tags: TAGS,
      summary: 'The classes the School’s Magister names, before a group import (nothing is written)',
      response: { 200: ZGroupPreviewDocument },
    },
    handler: async (req) => {
      const { ctx, schoolId } = await managedSchool(req);
      const attributes = await previewGroups(ctx, schoolId, { source: 'magister' });
      return resourceDocument({ type: 'group_preview', id: schoolId, attributes });
    },
  });

  r.get('/api/v1/imports/:id', {
    schema: {
      tags: TAGS,
      summary: 'Status, counts and progress of an import',
      params: ZId,
      response: { 200: ZStudentImportDocument },
    },
    handler: async (req) => resourceDocument(importResource((await loadImport(req, req.params.id)).row)),
  });

  r.get('/api/v1/imports/:id/rows', {
    schema: {
      tags: TAGS,
      summary: 'Rows of an import with their outcome and localized messages',
      params: ZId,
      querystring: ZRowsQuery,
      response: { 200: ZStudentImportRowCollection },
    },
    handler: async (req) => {
      const { ctx, row } = await loadImport(req, req.params.id);
      const status = req.query['filter[status_eq]'];
      const size = req.query['page[size]'];
      const [rows, total] = await Promise.all([
        listImportRows(idb(ctx), row.id, {
          status,
          limit: size,
          offset: (req.query['page[number]'] - 1) * size,
        }),
        countImportRows(idb(ctx), row.id, status),
      ]);
      return collectionDocument(
        rows.map((r) => rowResource(r, ctx.lang)),
        { total },
      );
    },
  });

  r.get('/api/v1/imports/:id/report', {
    schema: {
      tags: TAGS,
      summary: 'Every row’s outcome as a CSV download (Accept-Language decides the texts)',
      params: ZId,
    },
    handler: async (req, reply) => {
      const { ctx, row } = await loadImport(req, req.params.id);
      const rows = await listImportRows(idb(ctx), row.id);
      const base = row.file_name.replace(/\.[^.]*$/, '').replace(/[^\w.-]+/g, '_') || 'import';
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${base}-report.csv"`)
        .send(reportCsv(rows, ctx.lang));
    },
  });

  r.post('/api/v1/imports/:id/cancel', {
    schema: {
      tags: TAGS,
      summary: 'Stop an import after the batch in progress',
      params: ZId,
      response: { 200: ZStudentImportDocument },
    },
    handler: async (req) => {
      const { ctx, row } = await loadImport(req, req.params.id);
      return resourceDocument(importResource(await cancelImport(ctx, row, workflows)));
    },
  });
};
