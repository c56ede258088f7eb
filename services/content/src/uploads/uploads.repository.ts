import type { Insertable, Selectable } from 'kysely';
import type { TJsonApiQuery } from '@stageplein/contracts/jsonapi/jsonapi';
import { applyFiltersAndSort, applyPage, filterConditions } from '@stageplein/kit/jsonapi/apply-query';
import type { TDb } from '../shared/request.ts';
import type { TUploadsTable } from './uploads.table.ts';

export type TUploadRow = Selectable<TUploadsTable>;

const COLUMNS: Record<string, string> = {
  kind: 'kind',
  content_type: 'content_type',
  hash: 'hash',
  created_at: 'created_at',
  name: 'name',
  byte_size: 'byte_size',
};

// Lookups name the tenant although RLS scopes them: seeds run on the owner connection, which may bypass RLS.
export const findUpload = (db: TDb, tenantId: string, id: string) =>
  db
    .selectFrom('content.uploads')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();

export const findUploadByHash = (db: TDb, tenantId: string, hash: string) =>
  db
    .selectFrom('content.uploads')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('hash', '=', hash)
    .executeTakeFirst();

/** Newest first unless sorted otherwise. */
export async function listUploads(db: TDb, query: TJsonApiQuery) {
  let counted = db.selectFrom('content.uploads');
  for (const condition of filterConditions(query, COLUMNS)) counted = counted.where(condition);
  const { total } = await counted
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  const rows = await applyPage(
    applyFiltersAndSort(db.selectFrom('content.uploads').selectAll(), query, COLUMNS)
      .orderBy('created_at', 'desc')
      .orderBy('id'),
    query,
  ).execute();
  return { rows, total: Number(total) };
}

/** Inserts the upload, or returns null when the tenant already has these bytes. */
export const insertUpload = (db: TDb, values: Insertable<TUploadsTable>) =>
  db
    .insertInto('content.uploads')
    .values(values)
    .onConflict((oc) => oc.columns(['tenant_id', 'hash']).doNothing())
    .returningAll()
    .executeTakeFirst();

export const deleteUpload = (db: TDb, id: string) =>
  db.deleteFrom('content.uploads').where('id', '=', id).execute();

export const isStockImage = async (db: TDb, uploadId: string) =>
  !!(await db
    .selectFrom('content.stock_images')
    .select('id')
    .where('upload_id', '=', uploadId)
    .executeTakeFirst());
