import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import { ORGANIZATION_TYPES, type TOrganizationType } from '@stageplein/contracts/identity/roles';
import type { TJsonApiQuery } from '@stageplein/contracts/jsonapi/jsonapi';
import { applyFiltersAndSort, applyPage } from '@stageplein/kit/jsonapi/apply-query';
import { organizationFacts } from '../shared/organization-facts.ts';
import type { TDb } from '../shared/request.ts';
import type { TVisibility } from './organizations.policy.ts';
import type { TOrganizationsTable } from './organizations.table.ts';

export type TOrganizationRow = Selectable<TOrganizationsTable> & { parent_type: TOrganizationType | null };

/** Wire attribute → column, for filters and sorts (`type` is also accepted as `organization_type`). */
export const ORGANIZATION_COLUMNS: Record<string, string> = {
  id: 'o.id',
  type: 'o.type',
  organization_type: 'o.type',
  status: 'o.status',
  name: 'o.name',
  city: 'o.city',
  postcode: 'o.postcode',
  parent_id: 'o.parent_id',
  created_at: 'o.created_at',
  updated_at: 'o.updated_at',
};

/** What the organization resource itself shows (organizations.serialize.ts `organizationAttributes`). */
const LIST_COLUMNS = [
  'o.id',
  'o.type',
  'o.status',
  'o.name',
  'o.website',
  'o.city',
  'o.parent_id',
  'o.created_at',
  'o.updated_at',
] as const;

const parentType = sql<TOrganizationType | null>`(select p.type from organizations.organizations p where p.id = o.parent_id)`;

function selectOrganizations(db: TDb) {
  return db
    .selectFrom('organizations.organizations as o')
    .selectAll('o')
    .select(parentType.as('parent_type'));
}

export function findOrganization(db: TDb, id: string, options: { forUpdate?: boolean } = {}) {
  return selectOrganizations(db)
    .where('o.id', '=', id)
    .$if(!!options.forUpdate, (q) => q.forUpdate('o'))
    .executeTakeFirst() as Promise<TOrganizationRow | undefined>;
}

export function findOrganizationsByIds(db: TDb, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([] as TOrganizationRow[]);
  return selectOrganizations(db)
    .where('o.id', 'in', [...ids])
    .execute() as Promise<TOrganizationRow[]>;
}

/**
 * A page of the organizations the caller may see, plus the total, in one statement: the page walks the
 * (tenant_id, name, id) index and stops after `page[size]` rows, and the total is an uncorrelated
 * subquery PostgreSQL evaluates once. (A window count would materialise and sort every row of the
 * tenant: 26 ms instead of 1 ms at 5,000; a second statement costs a round trip.)
 */
export async function listOrganizations(
  db: TDb,
  query: TJsonApiQuery,
  visibility: TVisibility,
  options: { search?: string | undefined; withProfile: boolean },
): Promise<{ rows: TOrganizationRow[]; total: number }> {
  const search = options.search;
  const seesAll = ORGANIZATION_TYPES.every((t) => visibility.moderatedTypes.includes(t));
  let base = db.selectFrom('organizations.organizations as o');
  if (!seesAll) {
    base = base.where((eb) =>
      eb.or([
        eb('o.status', '=', 'approved'),
        ...(visibility.ownIds.length ? [eb('o.id', 'in', visibility.ownIds)] : []),
        ...(visibility.moderatedTypes.length ? [eb('o.type', 'in', [...visibility.moderatedTypes])] : []),
      ]),
    );
  }
  if (search?.trim()) {
    const term = `%${search.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    base = base.where(sql<boolean>`(o.name ilike ${term} or o.city ilike ${term})`);
  }
  const filtered = applyFiltersAndSort(base, { ...query, sort: [] }, ORGANIZATION_COLUMNS);
  const count = filtered.select(sql<number>`count(*)`.as('n'));
  const page = applyPage(
    applyFiltersAndSort(
      // Without the profile a page needs only the organization's own attributes (less to send and parse).
      (options.withProfile ? filtered.selectAll('o') : filtered.select(LIST_COLUMNS)).select([
        parentType.as('parent_type'),
        count.as('total'),
      ]),
      { ...query, filters: [] },
      ORGANIZATION_COLUMNS,
    ).orderBy('o.id'),
    query,
  );
  const rows = (await page.execute()) as (TOrganizationRow & { total: number | null })[];
  // Only a page past the end has no row to carry the total.
  const total = rows[0]
    ? Number(rows[0].total)
    : query.page.number > 1
      ? Number((await count.executeTakeFirstOrThrow()).n)
      : 0;
  return { rows: rows.map(({ total: _total, ...row }) => row), total };
}

export async function insertOrganization(
  db: TDb,
  row: Insertable<TOrganizationsTable>,
): Promise<TOrganizationRow> {
  const inserted = await db
    .insertInto('organizations.organizations')
    .values(row)
    .returning('id')
    .executeTakeFirstOrThrow();
  return (await findOrganization(db, inserted.id))!;
}

export async function updateOrganizationRow(
  db: TDb,
  id: string,
  changes: Updateable<TOrganizationsTable>,
): Promise<TOrganizationRow> {
  organizationFacts.forget(id);
  await db.updateTable('organizations.organizations').set(changes).where('id', '=', id).execute();
  return (await findOrganization(db, id))!;
}

export function deleteOrganizationRow(db: TDb, id: string) {
  organizationFacts.forget(id);
  return db.deleteFrom('organizations.organizations').where('id', '=', id).executeTakeFirst();
}

/** An organization with this name and postcode (normalised) that is pending or approved. */
export function findByNameAndPostcode(db: TDb, name: string, postcode: string) {
  return db
    .selectFrom('organizations.organizations')
    .select(['id'])
    .where(sql<string>`lower(btrim(name))`, '=', name.trim().toLowerCase())
    .where(sql<string>`upper(replace(postcode, ' ', ''))`, '=', postcode.replace(/\s+/g, '').toUpperCase())
    .where('status', 'in', ['pending', 'approved'])
    .executeTakeFirst();
}

/**
 * Serialises signups and creations of one tenant (rare writes), so two identical requests racing each
 * other cannot both pass the duplicate checks.
 */
export async function lockOrganizationCreation(db: TDb, tenant: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`organizations.create/${tenant}`}, 0))`.execute(
    db,
  );
}
