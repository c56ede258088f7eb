import type { Insertable, Selectable, Updateable } from 'kysely';
import type { TJsonApiQuery } from '@stageplein/contracts/jsonapi/jsonapi';
import { applyPage, filterConditions } from '@stageplein/kit/jsonapi/apply-query';
import type { TDb } from '../../shared/request.ts';
import type { TUploadRow } from '../uploads/uploads.repository.ts';
import type { TStockImagesTable } from './stock-images.table.ts';

export type TStockImageRow = Selectable<TStockImagesTable>;
/** A stock image with the upload it shows. */
export type TStockImageView = TStockImageRow & Pick<TUploadRow, 'hash' | 'width' | 'height'>;

const COLUMNS: Record<string, string> = {
  title: 's.title',
  license: 's.license',
  created_at: 's.created_at',
};

const withUpload = (db: TDb) =>
  db
    .selectFrom('content.stock_images as s')
    .innerJoin('content.uploads as u', 'u.id', 's.upload_id')
    .selectAll('s')
    .select(['u.hash', 'u.width', 'u.height']);

export const findStockImage = (db: TDb, tenantId: string, id: string): Promise<TStockImageView | undefined> =>
  withUpload(db).where('s.tenant_id', '=', tenantId).where('s.id', '=', id).executeTakeFirst();

/** By title (then newest) unless sorted otherwise. */
export async function listStockImages(db: TDb, query: TJsonApiQuery) {
  const conditions = filterConditions(query, COLUMNS);
  let counted = db.selectFrom('content.stock_images as s');
  for (const c of conditions) counted = counted.where(c);
  const { total } = await counted
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  let q = withUpload(db);
  for (const c of conditions) q = q.where(c);
  for (const s of query.sort) {
    const column = COLUMNS[s.attribute];
    if (column) q = q.orderBy(column as 's.title', s.descending ? 'desc' : 'asc');
  }
  const rows = await applyPage(q.orderBy('s.title').orderBy('s.id'), query).execute();
  return { rows, total: Number(total) };
}

export const insertStockImage = (db: TDb, values: Insertable<TStockImagesTable>) =>
  db.insertInto('content.stock_images').values(values).returning('id').executeTakeFirstOrThrow();

export const updateStockImage = (db: TDb, id: string, values: Updateable<TStockImagesTable>) =>
  db.updateTable('content.stock_images').set(values).where('id', '=', id).execute();

export const deleteStockImage = (db: TDb, id: string) =>
  db.deleteFrom('content.stock_images').where('id', '=', id).execute();
