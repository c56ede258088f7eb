import type { TVacancyImageFacts } from '@stageplein/contracts/content/content-policy';
import type { TDb } from '../../database.ts';

/** What `usableVacancyImage` needs to know of an upload, or undefined when placements never heard of it. */
export async function findVacancyImage(
  db: TDb,
  tenantId: string,
  uploadId: string,
): Promise<TVacancyImageFacts | undefined> {
  const row = await db
    .selectFrom('placements.images')
    .select(['organization_id', 'stock_image_id', 'deleted'])
    .where('tenant_id', '=', tenantId)
    .where('upload_id', '=', uploadId)
    .executeTakeFirst();
  return (
    row && { organizationId: row.organization_id, stock: row.stock_image_id !== null, deleted: row.deleted }
  );
}

const imageOf = (column: 'hash' | 'stock_alt') =>
  `(select i.${column} from placements.images i where i.tenant_id = v.tenant_id
    and i.upload_id = v.image_upload_id and not i.deleted)`;

/**
 * The SQL of a vacancy row's image (alias `v`): the file's hash while the upload exists, and the stock
 * image's alt text. One definition for the vacancy reads (Kysely) and the search page (raw SQL).
 */
export const IMAGE_HASH_SQL = imageOf('hash');
export const IMAGE_STOCK_ALT_SQL = imageOf('stock_alt');
export const IMAGE_COLUMNS_SQL = `${IMAGE_HASH_SQL} as image_hash, ${IMAGE_STOCK_ALT_SQL} as image_stock_alt`;

/**
 * The same two columns by one join (alias `i`, at most one row: the key is `(tenant_id, upload_id)`),
 * for a statement reading many vacancies: the two subqueries are two subplans run per row, ~12 % of the
 * search page statement's CPU (docs/decisions/vacancy-search.md), the join one index probe.
 */
export const IMAGE_JOIN_SQL = `left join placements.images i on i.tenant_id = v.tenant_id
      and i.upload_id = v.image_upload_id and not i.deleted`;
export const IMAGE_JOINED_COLUMNS_SQL = 'i.hash as image_hash, i.stock_alt as image_stock_alt';
