import { createHash } from 'node:crypto';
import { UPLOAD_MAX_BYTES, type TUploadContentType } from '@stageplein/contracts/content/media';
import { ApiError } from '@stageplein/kit/errors/api-error';
import { record } from '../../shared/events.ts';
import type { TCtx } from '../../shared/request.ts';
import type { TChangeActor } from '../../shared/caller.ts';
import { TYPE_NAMES } from '@stageplein/kit/uploads/file-check';
import { reencodeImage } from '@stageplein/kit/uploads/image-reencode';
import { checkUpload } from '@stageplein/kit/uploads/upload-check';
import type { TStorages } from './storage.ts';
import {
  deleteUpload,
  findOwnUploadByHash,
  hashStillUsed,
  insertUpload,
  isStockImage,
  type TUploadRow,
} from './uploads.repository.ts';

export const tooLarge = () => new ApiError('file_too_large', { max_mb: UPLOAD_MAX_BYTES / 1024 / 1024 });

const payload = (u: TUploadRow) => ({
  upload_id: u.id,
  hash: u.hash,
  kind: u.kind,
  content_type: u.content_type,
  byte_size: u.byte_size,
  organization_id: u.organization_id,
});
const subject = (u: TUploadRow) => ({ type: 'upload', id: u.id });

/** A name for people: the last path segment, without control characters, at most 200 characters. */
export function displayName(name: string | undefined): string {
  const last = (name ?? '').split(/[\\/]/).pop()!;
  const base = [...last]
    .filter((c) => c >= ' ' && c !== '\u007f')
    .join('')
    .trim();
  return base.slice(0, 200) || 'upload';
}

export interface TPreparedUpload {
  contentType: TUploadContentType;
  bytes: Buffer;
  width: number | null;
  height: number | null;
}

/** What is stored: the checked bytes (kit's `checkUpload`), images re-encoded (kit's `reencodeImage`). */
export async function prepareUpload(file: { name: string; bytes: Buffer }): Promise<TPreparedUpload> {
  if (file.bytes.length > UPLOAD_MAX_BYTES) throw tooLarge();
  const source = { pointer: '/upload/file' };
  const contentType = checkUpload(file, { source });
  if (contentType === 'application/pdf') return { contentType, bytes: file.bytes, width: null, height: null };
  const image = await reencodeImage(file.bytes, contentType);
  if (!image) throw new ApiError('upload_unreadable', { type: TYPE_NAMES[contentType] }, source);
  return { contentType, ...image };
}

/**
 * Stores an upload under the SHA-256 of what is stored. The same bytes again (after re-encoding) from
 * the same owner are the same upload: answered as it is, without a new event. `fresh` tells which.
 * `organizationId`: the organization whose admin uploads it (null: the tenant's, content editors').
 */
export async function storeUpload(
  ctx: TCtx,
  storages: Pick<TStorages, 'write'>,
  author: TChangeActor,
  file: { name: string; bytes: Buffer },
  organizationId: string | null = null,
): Promise<{ row: TUploadRow; fresh: boolean }> {
  return storePrepared(ctx, storages, author, file.name, await prepareUpload(file), { organizationId });
}

/**
 * The storing half of `storeUpload`, for bytes already checked and re-encoded by `prepareUpload`. `id`:
 * a fixed id for a new upload (seeds: `seedStockImageUploadId`).
 */
export async function storePrepared(
  ctx: TCtx,
  storages: Pick<TStorages, 'write'>,
  author: TChangeActor,
  name: string,
  prepared: TPreparedUpload,
  { organizationId = null, id }: { organizationId?: string | null; id?: string } = {},
): Promise<{ row: TUploadRow; fresh: boolean }> {
  const hash = createHash('sha256').update(prepared.bytes).digest('hex');
  const existing = await findOwnUploadByHash(ctx.db, ctx.tenant.id, hash, organizationId);
  if (existing) return { row: existing, fresh: false };
  await storages.write.put({ db: ctx.db, tenantId: ctx.tenant.id }, hash, prepared.bytes);
  const row = await insertUpload(ctx.db, {
    ...(id ? { id } : {}),
    tenant_id: ctx.tenant.id,
    hash,
    kind: prepared.contentType === 'application/pdf' ? 'pdf' : 'image',
    content_type: prepared.contentType,
    byte_size: prepared.bytes.length,
    width: prepared.width,
    height: prepared.height,
    name: displayName(name),
    storage: storages.write.kind,
    uploaded_by: author.userId,
    organization_id: organizationId,
    created_at: ctx.now,
  });
  // A concurrent upload of the same bytes won the insert: that one is the upload.
  if (!row)
    return { row: (await findOwnUploadByHash(ctx.db, ctx.tenant.id, hash, organizationId))!, fresh: false };
  await record(ctx, author, 'content.upload.created', subject(row), payload(row));
  return { row, fresh: true };
}

/**
 * Deletes an upload and its bytes (unless another owner's upload has the same bytes); one in the stock
 * image library is kept (409 upload_in_use). A vacancy showing it shows none from then on (placements).
 */
export async function removeUpload(
  ctx: TCtx,
  storages: TStorages,
  author: TChangeActor,
  upload: TUploadRow,
): Promise<void> {
  if (await isStockImage(ctx.db, upload.id)) throw new ApiError('upload_in_use');
  await deleteUpload(ctx.db, upload.id);
  await record(ctx, author, 'content.upload.deleted', subject(upload), payload(upload));
  if (!(await hashStillUsed(ctx.db, upload)))
    await storages.of(upload.storage).remove({ db: ctx.db, tenantId: ctx.tenant.id }, upload.hash);
}
