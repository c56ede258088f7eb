import type { Insertable, Selectable } from 'kysely';
import type { TUploadScope } from '@stageplein/contracts/content/content-policy';
import type { TJsonApiQuery } from '@stageplein/contracts/jsonapi/jsonapi';
import { applyFiltersAndSort, applyPage, filterConditions } from '@stageplein/kit/jsonapi/apply-query';
import type { TDb } from '../../shared/request.ts';
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

/** Any upload of these bytes (to serve them: every row of a hash holds the same file). */
export const findUploadByHash = (db: TDb, tenantId: string, hash: string) =>
  db
    .selectFrom('content.uploads')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('hash', '=', hash)
    .orderBy('created_at')
    .limit(1)
    .executeTakeFirst();

/** The owner's upload of these bytes (`organizationId` null: the tenant's). */
export const findOwnUploadByHash = (db: TDb, tenantId: string, hash: string, organizationId: string | null) =>
  db
    .selectFrom('content.uploads')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('hash', '=', hash)
    .where('organization_id', organizationId === null ? 'is' : '=', organizationId)
    .executeTakeFirst();

/** Whether another upload still needs these bytes in this storage (then they stay). */
export const hashStillUsed = async (db: TDb, upload: TUploadRow) =>
  !!(await db
    .selectFrom('content.uploads')
    .select('id')
    .where('tenant_id', '=', upload.tenant_id)
    .where('hash', '=', upload.hash)
    .where('storage', '=', upload.storage)
    .where('id', '!=', upload.id)
    .executeTakeFirst());

/** Newest first unless sorted otherwise; an organization's admin sees only its uploads. */
export async function listUploads(db: TDb, query: TJsonApiQuery, scope: TUploadScope) {
  const owned = scope.kind === 'organization' ? scope.organizationId : null;
  let counted = db.selectFrom('content.uploads');
  if (owned) counted = counted.where('organization_id', '=', owned);
  for (const condition of filterConditions(query, COLUMNS)) counted = counted.where(condition);
  const { total } = await counted
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  let rows = db.selectFrom('content.uploads').selectAll();
  if (owned) rows = rows.where('organization_id', '=', owned);
  return {
    rows: await applyPage(
      applyFiltersAndSort(rows, query, COLUMNS).orderBy('created_at', 'desc').orderBy('id'),
      query,
    ).execute(),
    total: Number(total),
  };
}

/** Inserts the upload, or returns null when its owner already has these bytes. */
export const insertUpload = (db: TDb, values: Insertable<TUploadsTable>) =>
  db
    .insertInto('content.uploads')
    .values(values)
    .onConflict((oc) => oc.columns(['tenant_id', 'hash', 'organization_id']).doNothing())
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
