import type { TSignedInCaller } from '@stageplein/kit/auth/caller';
import { createHash } from 'node:crypto';
import { uuidV5 } from '@stageplein/contracts/domain/seed-ids';
import type { TStudentImportOptions } from '@stageplein/contracts/imports/student-import';
import { studentImportWorkflowId } from '@stageplein/contracts/workflows/names';
import { ApiError } from '@stageplein/kit/errors/api-error';
import { record } from '../shared/events.ts';
import type { TCtx } from '../shared/request.ts';
import type { TImportWorkflows } from './import-workflows.ts';
import {
  findImport,
  insertImport,
  insertImportFile,
  lockImport,
  reopenImport,
  setImportStatus,
  type TIDb,
  type TImportRow,
} from './imports.repository.ts';

/** Namespace of import ids: uuid v5 of `tenant:school:sha256`, so the same file twice is one import. */
export const IMPORT_ID_NAMESPACE = '0f4f8c1e-6a52-4c8e-9d7b-3c1b9e7a2d44';
export const importIdOf = (tenant: string, schoolId: string, sha256: string) =>
  uuidV5(`${tenant}:${schoolId}:${sha256}`, IMPORT_ID_NAMESPACE);

const idb = (ctx: TCtx): TIDb => ctx.db;

/** Asks for the import's workflow, in the caller's transaction (organizations' consumer starts it). */
async function requestRun(ctx: TCtx, caller: TSignedInCaller, row: TImportRow): Promise<void> {
  await record(
    ctx,
    caller,
    'organizations.import.requested',
    { type: 'import', id: row.id },
    {
      import_id: row.id,
      school_id: row.school_id,
      workflow_id: row.workflow_id,
    },
  );
}

/**
 * An upload of a student list. The import row, its file and the `organizations.import.requested`
 * event commit together in the request's transaction, so the import runs once Temporal takes the
 * start, however long it is away. The same file again is the same import: a failed or cancelled one
 * runs again (safe: every step is idempotent), any other answers as it is (`fresh: false`).
 */
export async function requestImport(
  ctx: TCtx,
  caller: TSignedInCaller,
  upload: { fileName: string; bytes: Buffer },
  options: TStudentImportOptions,
): Promise<{ row: TImportRow; fresh: boolean }> {
  // Without Temporal in this deployment an import could never run: refuse it rather than keep it.
  if (!ctx.config.TEMPORAL_ADDRESS) throw new ApiError('workflows_unavailable');
  const db = idb(ctx);
  const tenant = ctx.tenant.id;
  const sha256 = createHash('sha256').update(upload.bytes).digest('hex');
  const id = importIdOf(tenant, options.school_id, sha256);
  const inserted = await insertImport(db, {
    id,
    tenant_id: tenant,
    school_id: options.school_id,
    kind: 'students_csv',
    workflow_id: studentImportWorkflowId(id),
    file_name: upload.fileName.slice(0, 255),
    file_size: upload.bytes.length,
    file_sha256: sha256,
    create_missing_groups: options.create_missing_groups,
    locale: ctx.lang,
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
    created_by: caller.userId,
    created_at: ctx.now,
    updated_at: ctx.now,
    started_at: null,
    finished_at: null,
  });
  if (inserted) await insertImportFile(db, id, tenant, upload.bytes);
  const fresh = inserted ?? (await reopenImport(db, id, ctx.now));
  if (fresh) {
    await requestRun(ctx, caller, fresh);
    return { row: fresh, fresh: true };
  }
  return { row: (await findImport(db, id))!, fresh: false };
}

/** Stops an import after the batches in progress (409 once it has ended). */
export async function cancelImport(
  ctx: TCtx,
  row: TImportRow,
  workflows: TImportWorkflows,
): Promise<TImportRow> {
  if (!['pending', 'running', 'cancelling'].includes(row.status)) throw new ApiError('conflict');
  const updated = await setImportStatus(idb(ctx), row.id, 'cancelling', ctx.now);
  await workflows.cancel(row.workflow_id);
  return updated;
}

/**
 * The effect of `organizations.import.requested`: starts the import's workflow while the import is
 * pending. The import row stays locked meanwhile, so a cancel waits for the start and its signal finds
 * the workflow; one cancelled before it ever started simply ends `cancelled`. A redelivered event
 * finds the import running or done (nothing to do) or the same workflow id (Temporal starts nothing).
 */
export async function startRequestedImport(
  db: TIDb,
  input: { tenant: string; importId: string; at: Date },
  workflows: TImportWorkflows,
): Promise<void> {
  const row = await lockImport(db, input.importId);
  if (row?.status === 'cancelling') {
    await setImportStatus(db, row.id, 'cancelled', input.at);
    return;
  }
  if (row?.status !== 'pending') return;
  await workflows.start({ tenant: input.tenant, importId: row.id, workflowId: row.workflow_id });
}
