import type { TSignedInCaller } from '@stageplein/kit/auth/caller';
import { createHash } from 'node:crypto';
import { uuidV5 } from '@stageplein/contracts/domain/seed-ids';
import type { TStudentImportOptions } from '@stageplein/contracts/imports/student-import';
import { studentImportWorkflowId } from '@stageplein/contracts/workflows/names';
import { ApiError } from '@stageplein/kit/errors/api-error';
import type { Insertable, Kysely } from 'kysely';
import { setTenant } from '@stageplein/kit/db/rls';
import { serviceDb } from '@stageplein/kit/db/schema-tables';
import type { TOrganizationsDb } from '../database.ts';
import { IMPORT_KIND_OF_SOURCE, type TRosterSource } from '@stageplein/contracts/imports/roster';
import { findMagisterConnection } from '../roster-sources/roster-connections.repository.ts';
import type { TImportsTable } from './imports.table.ts';
import { record } from '../shared/events.ts';
import type { TCtx } from '../shared/request.ts';
import type { TImportWorkflows } from './import-workflows.ts';
import {
  activeImportOfKind,
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

/** A new import's row, pending: a CSV upload's or a roster source's (no file). */
export function newImport(input: {
  id: string;
  tenant: string;
  schoolId: string;
  source: TRosterSource;
  file: { name: string; size: number; sha256: string };
  createMissingGroups: boolean;
  locale: 'nl' | 'en';
  createdBy: string;
  at: Date;
}): Insertable<TImportsTable> {
  return {
    id: input.id,
    tenant_id: input.tenant,
    school_id: input.schoolId,
    kind: IMPORT_KIND_OF_SOURCE[input.source],
    workflow_id: studentImportWorkflowId(input.id),
    file_name: input.file.name,
    file_size: input.file.size,
    file_sha256: input.file.sha256,
    create_missing_groups: input.createMissingGroups,
    locale: input.locale,
    status: 'pending',
    total_rows: 0,
    valid_rows: 0,
    invalid_rows: 0,
    created_rows: 0,
    updated_rows: 0,
    unchanged_rows: 0,
    failed_rows: 0,
    left_rows: 0,
    mentors_named: 0,
    mentors_created: 0,
    mentor_links_added: 0,
    mentor_links_removed: 0,
    processed_rows: 0,
    batch_count: 0,
    parse_ms: null,
    failure: null,
    created_by: input.createdBy,
    created_at: input.at,
    updated_at: input.at,
    started_at: null,
    finished_at: null,
  };
}

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
  const inserted = await insertImport(
    db,
    newImport({
      id,
      tenant,
      schoolId: options.school_id,
      source: 'csv',
      file: { name: upload.fileName.slice(0, 255), size: upload.bytes.length, sha256 },
      createMissingGroups: options.create_missing_groups,
      locale: ctx.lang,
      createdBy: caller.userId,
      at: ctx.now,
    }),
  );
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

/**
 * Starts a requested import's workflow as soon as its request has committed, rather than when the relay
 * delivers its event: that waits behind whatever the outbox holds (after a sync of 5,000 students, tens
 * of seconds of their events). The event stays the guarantee: a start that fails here is left to it,
 * and its later delivery finds the import running or the same workflow id.
 */
export async function startImportNow(
  db: Kysely<unknown>,
  input: { tenant: string; importId: string; at: Date },
  workflows: TImportWorkflows,
): Promise<boolean> {
  try {
    await serviceDb<TOrganizationsDb>(db)
      .transaction()
      .execute(async (trx) => {
        await setTenant(trx, input.tenant);
        await startRequestedImport(trx, input, workflows);
      });
    return true;
  } catch {
    return false;
  }
}

/** The file name Magister imports show (they have no file). */
export const MAGISTER_IMPORT_NAME = 'Magister';

/**
 * A school admin asks for a Magister import now: like an upload, the import row and its
 * `organizations.import.requested` event commit together. While one of the school's Magister imports
 * is still pending or running, that one is the answer (`fresh: false`): two never run side by side.
 */
export async function requestMagisterImport(
  ctx: TCtx,
  caller: TSignedInCaller,
  schoolId: string,
): Promise<{ row: TImportRow; fresh: boolean }> {
  if (!ctx.config.TEMPORAL_ADDRESS) throw new ApiError('workflows_unavailable');
  const db = idb(ctx);
  if (!(await findMagisterConnection(db, schoolId))) throw new ApiError('roster_not_configured');
  const active = await activeImportOfKind(db, schoolId, IMPORT_KIND_OF_SOURCE.magister);
  if (active) return { row: active, fresh: false };
  const id = uuidV5(
    `${ctx.tenant.id}:${schoolId}:magister:${ctx.now.toISOString()}:${caller.userId}`,
    IMPORT_ID_NAMESPACE,
  );
  const row = (await insertImport(
    db,
    newImport({
      id,
      tenant: ctx.tenant.id,
      schoolId,
      source: 'magister',
      file: { name: MAGISTER_IMPORT_NAME, size: 0, sha256: '' },
      createMissingGroups: true,
      locale: ctx.lang,
      createdBy: caller.userId,
      at: ctx.now,
    }),
  ))!;
  await requestRun(ctx, caller, row);
  return { row, fresh: true };
}
