import { randomBytes } from 'node:crypto';
import { formFields } from '@stageplein/contracts/forms/form-definition';
import {
  FORM_FILE_MAX_INPUT_PIXELS,
  FORM_FILE_UNUSED_HOURS,
  fileFieldLimits,
} from '@stageplein/contracts/forms/form-files';
import { ApiError } from '@stageplein/kit/errors/api-error';
import type { TCtx } from '../../shared/request.ts';
import { reencodeImage } from '@stageplein/kit/uploads/image-reencode';
import { checkUpload } from '@stageplein/kit/uploads/upload-check';
import { displayName, type TStorages } from '../../cms/index.ts';
import { renderTokenHash, verifyRenderToken } from '../form-render-token.ts';
import { renderTokenUsed } from '../forms.repository.ts';
import { publicFormOr404, versionDefinition } from '../forms.service.ts';
import {
  deleteFormFile,
  insertFormFile,
  unusedFormFiles,
  type TFormFileRow,
} from './form-files.repository.ts';

const TYPE_NAMES: Record<string, string> = {
  image: 'JPEG, PNG, WebP',
  pdf: 'PDF',
};

const fieldPointer = { pointer: '/field' };

/** Who may upload, decided before a byte of the file is read: the form, its render token, its question. */
export interface TFileUploadGrant {
  formId: string;
  version: number;
  fieldId: string;
  limits: ReturnType<typeof fileFieldLimits>;
}

/**
 * A published public form's file question, authorised by the render token the visitor got with the
 * form (another form's, another tenant's, a forged or stale token: 422 `form_expired`); the question
 * must be a file question of the version the token names (otherwise 422 on `/field`); a token a stored
 * submission used takes no more files (409 `form_already_submitted`). Archived,
 * unpublished and non-public forms are 404 like an unknown token.
 */
export async function grantFileUpload(
  ctx: TCtx,
  secret: string,
  token: string,
  renderToken: string | undefined,
  fieldId: string | undefined,
): Promise<TFileUploadGrant> {
  const form = await publicFormOr404(ctx, token);
  const version = verifyRenderToken(secret, ctx.tenant.id, form.id, renderToken ?? '', ctx.now, {
    timeToSubmit: false,
  });
  if (await renderTokenUsed(ctx.db, ctx.tenant.id, renderTokenHash(renderToken ?? '')))
    throw new ApiError('form_already_submitted');
  const definition = await versionDefinition(ctx, form.id, version);
  if (!definition) throw new ApiError('form_expired');
  const field = formFields(definition).find((f) => f.field.id === fieldId)?.field;
  if (!field || field.type !== 'file_upload') throw new ApiError('validation_failed', {}, fieldPointer);
  return { formId: form.id, version, fieldId: field.id, limits: fileFieldLimits(field) };
}

/**
 * Checks and stores a visitor's file with the content checks of editors' uploads (uploads/): the bytes
 * decide the type (magic numbers; a polyglot is refused), the question's kinds and size apply, images
 * are decoded and encoded anew without metadata (EXIF, GPS …), up to FORM_FILE_MAX_INPUT_PIXELS (anyone
 * may upload here, so a decode costs less than an editor's). Stored privately under a random key.
 */
export async function storeFormFile(
  ctx: TCtx,
  storages: Pick<TStorages, 'write'>,
  grant: TFileUploadGrant,
  file: { name: string; bytes: Buffer },
): Promise<TFormFileRow> {
  const { limits } = grant;
  if (file.bytes.length > limits.maxBytes)
    throw new ApiError('file_too_large', { max_mb: limits.maxMb }, { pointer: '/file' });
  const source = { pointer: '/file' };
  const contentType = checkUpload(file, {
    source,
    allowed: limits.contentTypes,
    refused: () =>
      new ApiError(
        'form_file_type_not_allowed',
        { types: limits.kinds.map((k) => TYPE_NAMES[k]).join(', ') },
        source,
      ),
  });
  let bytes = file.bytes;
  if (contentType !== 'application/pdf') {
    const image = await reencodeImage(file.bytes, contentType, FORM_FILE_MAX_INPUT_PIXELS);
    if (!image)
      throw new ApiError(
        'upload_unreadable',
        { type: contentType.slice('image/'.length).toUpperCase() },
        source,
      );
    bytes = image.bytes;
  }
  const key = randomBytes(32).toString('hex');
  await storages.write.put({ db: ctx.db, tenantId: ctx.tenant.id }, key, bytes);
  return insertFormFile(ctx.db, {
    tenant_id: ctx.tenant.id,
    form_id: grant.formId,
    form_version: grant.version,
    field_id: grant.fieldId,
    storage_key: key,
    storage: storages.write.kind,
    content_type: contentType,
    byte_size: bytes.length,
    name: displayName(file.name),
    created_at: ctx.now,
  });
}

/** Files a cleanup run removes at most per tenant (the next run takes the rest). */
const CLEANUP_BATCH = 500;

/**
 * Removes the tenant's files that no submission named within FORM_FILE_UNUSED_HOURS (a visitor who
 * uploaded and left): the row, then its bytes. Answers how many.
 */
export async function removeUnusedFormFiles(
  ctx: Pick<TCtx, 'db' | 'now'> & { tenantId: string },
  storages: Pick<TStorages, 'of'>,
): Promise<number> {
  const before = new Date(ctx.now.getTime() - FORM_FILE_UNUSED_HOURS * 3_600_000);
  const rows = await unusedFormFiles(ctx.db, ctx.tenantId, before, CLEANUP_BATCH);
  for (const row of rows) {
    await deleteFormFile(ctx.db, row.id);
    await storages.of(row.storage).remove({ db: ctx.db, tenantId: ctx.tenantId }, row.storage_key);
  }
  return rows.length;
}
