import { createHash } from 'node:crypto';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { uuidV5 } from '@stageplein/contracts/domain/seed-ids';
import {
  STUDENT_IMPORT_MAX_BYTES,
  STUDENT_IMPORT_ROW_STATUSES,
  ZStudentImportCollection,
  ZStudentImportDocument,
  ZStudentImportOptions,
  ZStudentImportRowCollection,
} from '@stageplein/contracts/imports/student-import';
import { authorize } from '@stageplein/kit/auth/policy';
import { setTenant } from '@stageplein/kit/db/rls';
import { ApiError, notFound } from '@stageplein/kit/errors/api-error';
import { languageOf } from '@stageplein/kit/errors/error-handler';
import { collectionDocument, resourceDocument } from '@stageplein/kit/jsonapi/serialize';
import type { TServiceDeps } from '@stageplein/kit/service';
import { actorOf } from '../shared/actor.ts';
import { managesSchool } from '../shared/school.ts';
import { importWorkflows, type TImportWorkflows } from './import-workflows.ts';
import { importResource, reportCsv, rowResource } from './imports.serialize.ts';
import type { TImportsDb } from './imports.table.ts';
import { checkCsvUpload } from './upload-check.ts';

const TAGS = ['imports'];
/** Namespace of import ids: uuid v5 of `tenant:school:sha256`, so the same file twice is one import. */
export const IMPORT_ID_NAMESPACE = '0f4f8c1e-6a52-4c8e-9d7b-3c1b9e7a2d44';
export const importIdOf = (tenant: string, schoolId: string, sha256: string) =>
  uuidV5(`${tenant}:${schoolId}:${sha256}`, IMPORT_ID_NAMESPACE);
export const workflowIdOf = (importId: string) => `student-import-${importId}`;

const ZId = z.object({ id: z.uuid() });
const ZRowsQuery = z.object({
  'filter[status_eq]': z.enum(STUDENT_IMPORT_ROW_STATUSES).optional(),
  'page[number]': z.coerce.number().int().min(1).default(1),
  'page[size]': z.coerce.number().int().min(1).max(1000).default(100),
});
/** Multipart overhead allowed on top of the file itself before the body counts as too large. */
const FORM_OVERHEAD = 64 * 1024;
const db = async (req: FastifyRequest) => (await req.db<TImportsDb>()) as unknown as Kysely<TImportsDb>;
/** `import[file]` (spec §7: bracketed form keys) and `file` are the same field. */
const fieldName = (name: string) => name.replace(/^import\[(.+)\]$/, '$1');

interface TUpload {
  fileName: string;
  mimeType: string;
  bytes: Buffer;
  fields: Record<string, string>;
}

/** Reads the form; the file may not exceed the limit (the stream stops there, nothing is parsed). */
async function readUpload(req: FastifyRequest): Promise<TUpload> {
  if (!req.isMultipart()) throw new ApiError(415, 'unsupported_file_type');
  const fields: Record<string, string> = {};
  let file: Omit<TUpload, 'fields'> | undefined;
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
  if (!file) throw new ApiError(422, 'validation_failed', {}, { pointer: '/file' });
  return { ...file, fields };
}

const tooLarge = () =>
  new ApiError(413, 'file_too_large', { max_mb: STUDENT_IMPORT_MAX_BYTES / 1024 / 1024 });

/**
 * `/importeren/csv`: school admins upload a CSV of students; a Temporal workflow imports it
 * (workflows/src/student-import). These routes keep no state of their own beyond the import's rows,
 * which the workflow's activities keep current; they start and signal the workflow.
 */
export const importsRoutes: FastifyPluginAsync<TServiceDeps & { workflows?: TImportWorkflows }> = async (
  app,
  deps,
) => {
  const workflows = deps.workflows ?? importWorkflows(deps.config);
  if (!deps.workflows) app.addHook('onClose', async () => workflows.close());
  await app.register(multipart, {
    limits: { fileSize: STUDENT_IMPORT_MAX_BYTES, files: 1, fields: 10, fieldSize: 1024 },
  });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const now = () => deps.now?.() ?? new Date();

  /** The import, if the caller manages its school (404 otherwise: other schools' imports do not exist here). */
  async function loadImport(req: FastifyRequest, id: string) {
    const d = await db(req);
    const row = await d
      .selectFrom('organizations.imports')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    const actor = await actorOf(req, d as never);
    if (!row) throw notFound();
    try {
      authorize(req, managesSchool, { current: actor.current, schoolId: row.school_id });
    } catch (error) {
      if (error instanceof ApiError && error.status === 403) throw notFound();
      throw error;
    }
    return row;
  }

  r.post('/api/v1/imports', {
    schema: {
      tags: TAGS,
      summary: 'Upload a CSV of students (multipart: file, school_id, create_missing_groups)',
      response: { 200: ZStudentImportDocument, 202: ZStudentImportDocument },
    },
    // Refused on the declared length before a byte of the file is read.
    preValidation: async (req) => {
      const length = Number(req.headers['content-length'] ?? 0);
      if (length > STUDENT_IMPORT_MAX_BYTES + FORM_OVERHEAD) throw tooLarge();
    },
    handler: async (req, reply) => {
      const actor = await actorOf(req, (await db(req)) as never);
      // Who may import is known before the upload is read.
      authorize(req, (auth) => auth.permissions.isSchoolAdmin && actor.current?.type === 'School');
      const upload = await readUpload(req);
      const problem = checkCsvUpload(upload.fileName, upload.mimeType, upload.bytes);
      if (problem) throw new ApiError(415, 'unsupported_file_type');
      const options = ZStudentImportOptions.safeParse({
        school_id: upload.fields.school_id ?? actor.current?.id,
        create_missing_groups: upload.fields.create_missing_groups,
      });
      if (!options.success)
        throw new ApiError(
          422,
          'validation_failed',
          {},
          { pointer: `/${String(options.error.issues[0]?.path[0] ?? '')}` },
        );
      const auth = authorize(req, managesSchool, {
        current: actor.current,
        schoolId: options.data.school_id,
      });

      const tenant = req.tenant.id;
      const sha256 = createHash('sha256').update(upload.bytes).digest('hex');
      const id = importIdOf(tenant, options.data.school_id, sha256);
      const workflowId = workflowIdOf(id);
      const at = now();
      // Own transaction, committed before the workflow starts: its first activity reads this row.
      const { row, fresh } = await deps.db.transaction().execute(async (trx) => {
        await setTenant(trx, tenant);
        const t = trx as unknown as Kysely<TImportsDb>;
        const inserted = await t
          .insertInto('organizations.imports')
          .values({
            id,
            tenant_id: tenant,
            school_id: options.data.school_id,
            kind: 'students_csv',
            workflow_id: workflowId,
            file_name: upload.fileName.slice(0, 255),
            file_size: upload.bytes.length,
            file_sha256: sha256,
            create_missing_groups: options.data.create_missing_groups,
            locale: languageOf(req),
            status: 'pending',
            total_rows: 0,
            valid_rows: 0,
            invalid_rows: 0,
            created_rows: 0,
            updated_rows: 0,
            unchanged_rows: 0,
            failed_rows: 0,
            processed_rows: 0,
            batch_count: 0,
            parse_ms: null,
            failure: null,
            created_by: auth.userId,
            created_at: at,
            updated_at: at,
            started_at: null,
            finished_at: null,
          })
          .onConflict((oc) => oc.column('id').doNothing())
          .returningAll()
          .executeTakeFirst();
        if (inserted) {
          await t
            .insertInto('organizations.import_files')
            .values({ import_id: id, tenant_id: tenant, content: upload.bytes })
            .execute();
          return { row: inserted, fresh: true };
        }
        // The same file again: one import. A failed or cancelled one runs again (safe: every step is idempotent).
        const again = await t
          .updateTable('organizations.imports')
          .set({ status: 'pending', failure: null, finished_at: null, updated_at: at })
          .where('id', '=', id)
          .where('status', 'in', ['failed', 'cancelled'])
          .returningAll()
          .executeTakeFirst();
        if (again) return { row: again, fresh: true };
        return {
          row: await t
            .selectFrom('organizations.imports')
            .selectAll()
            .where('id', '=', id)
            .executeTakeFirstOrThrow(),
          fresh: false,
        };
      });
      if (fresh) await workflows.start({ tenant, importId: id, workflowId });
      reply.status(fresh ? 202 : 200).header('location', `/api/v1/imports/${id}`);
      return resourceDocument(importResource(row)) as never;
    },
  });

  r.get('/api/v1/imports', {
    schema: {
      tags: TAGS,
      summary: 'Imports of the current School, newest first',
      response: { 200: ZStudentImportCollection },
    },
    handler: async (req) => {
      const d = await db(req);
      const actor = await actorOf(req, d as never);
      const schoolId = actor.current?.id ?? '';
      authorize(req, managesSchool, { current: actor.current, schoolId });
      const rows = await d
        .selectFrom('organizations.imports')
        .selectAll()
        .where('school_id', '=', schoolId)
        .orderBy('created_at', 'desc')
        .limit(100)
        .execute();
      return collectionDocument(rows.map(importResource), { total: rows.length }) as never;
    },
  });

  r.get('/api/v1/imports/:id', {
    schema: {
      tags: TAGS,
      summary: 'Status, counts and progress of an import',
      params: ZId,
      response: { 200: ZStudentImportDocument },
    },
    handler: async (req) => resourceDocument(importResource(await loadImport(req, req.params.id))) as never,
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
      const imp = await loadImport(req, req.params.id);
      const d = await db(req);
      const status = req.query['filter[status_eq]'];
      const base = d
        .selectFrom('organizations.import_rows')
        .where('import_id', '=', imp.id)
        .$if(!!status, (q) => q.where('status', '=', status!));
      const [rows, total] = await Promise.all([
        base
          .selectAll()
          .orderBy('row_number')
          .limit(req.query['page[size]'])
          .offset((req.query['page[number]'] - 1) * req.query['page[size]'])
          .execute(),
        base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      const lang = languageOf(req);
      return collectionDocument(
        rows.map((row) => rowResource(row, lang)),
        { total: Number(total.n) },
      ) as never;
    },
  });

  r.get('/api/v1/imports/:id/report', {
    schema: {
      tags: TAGS,
      summary: 'Every row’s outcome as a CSV download (Accept-Language decides the texts)',
      params: ZId,
    },
    handler: async (req, reply) => {
      const imp = await loadImport(req, req.params.id);
      const rows = await (
        await db(req)
      )
        .selectFrom('organizations.import_rows')
        .selectAll()
        .where('import_id', '=', imp.id)
        .orderBy('row_number')
        .execute();
      const base = imp.file_name.replace(/\.[^.]*$/, '').replace(/[^\w.-]+/g, '_') || 'import';
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${base}-report.csv"`)
        .send(reportCsv(rows, languageOf(req)));
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
      const imp = await loadImport(req, req.params.id);
      if (!['pending', 'running', 'cancelling'].includes(imp.status)) throw new ApiError(409, 'conflict');
      const updated = await (
        await db(req)
      )
        .updateTable('organizations.imports')
        .set({ status: 'cancelling', updated_at: now() })
        .where('id', '=', imp.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      await workflows.cancel(imp.workflow_id);
      return resourceDocument(importResource(updated)) as never;
    },
  });
};
