import type { TStockImageInput } from '@stageplein/contracts/content/media';
import { ApiError } from '@stageplein/kit/errors/api-error';
import { record } from '../../shared/events.ts';
import type { TCtx } from '../../shared/request.ts';
import type { TChangeActor } from '../../shared/caller.ts';
import { findUpload } from '../uploads/uploads.repository.ts';
import {
  deleteStockImage,
  findStockImage,
  insertStockImage,
  updateStockImage,
  type TStockImageView,
} from './stock-images.repository.ts';

const payload = (s: TStockImageView) => ({
  stock_image_id: s.id,
  upload_id: s.upload_id,
  hash: s.hash,
  license: s.license,
  alt: s.alt,
});
const subject = (s: TStockImageView) => ({ type: 'stock_image', id: s.id });
const invalid = (field: string) =>
  new ApiError('validation_failed', {}, { pointer: `/data/attributes/${field}` });

/** Adds an image upload of the tenant to its library, with its licence (an upload appears once). */
export async function createStockImage(
  ctx: TCtx,
  author: TChangeActor,
  input: TStockImageInput,
): Promise<TStockImageView> {
  const upload = await findUpload(ctx.db, ctx.tenant.id, input.upload_id);
  if (!upload || upload.kind !== 'image') throw invalid('upload_id');
  let id: string;
  try {
    ({ id } = await insertStockImage(ctx.db, {
      tenant_id: ctx.tenant.id,
      upload_id: upload.id,
      title: input.title,
      alt: input.alt ?? input.title,
      author: input.author ?? null,
      license: input.license,
      license_url: input.license_url ?? null,
      source: input.source ?? null,
      created_at: ctx.now,
      updated_at: ctx.now,
    }));
  } catch (error) {
    if ((error as { code?: string }).code === '23505')
      throw new ApiError('conflict', {}, { pointer: '/data/attributes/upload_id' });
    throw error;
  }
  const view = (await findStockImage(ctx.db, ctx.tenant.id, id))!;
  await record(ctx, author, 'content.stock_image.created', subject(view), payload(view));
  return view;
}

export async function changeStockImage(
  ctx: TCtx,
  author: TChangeActor,
  current: TStockImageView,
  changes: Partial<Omit<TStockImageInput, 'upload_id'>>,
): Promise<TStockImageView> {
  await updateStockImage(ctx.db, current.id, { ...changes, updated_at: ctx.now });
  const view = (await findStockImage(ctx.db, ctx.tenant.id, current.id))!;
  await record(ctx, author, 'content.stock_image.updated', subject(view), payload(view));
  return view;
}

/** Removes the image from the library; its upload stays. */
export async function removeStockImage(
  ctx: TCtx,
  author: TChangeActor,
  current: TStockImageView,
): Promise<void> {
  await deleteStockImage(ctx.db, current.id);
  await record(ctx, author, 'content.stock_image.deleted', subject(current), payload(current));
}
