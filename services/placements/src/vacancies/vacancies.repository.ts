import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import { PLACE_HOLDING_STATUSES } from '@stageplein/contracts/placements/internships';
import type { TDb } from '../database.ts';
import { IMAGE_HASH_SQL, IMAGE_STOCK_ALT_SQL } from '../read-models/index.ts';
import type { TVacanciesTable } from './vacancies.table.ts';

/** `places_taken`: its internships that hold a place (internships issue), where the query counts them. */
export type TVacancyRow = Selectable<TVacanciesTable> & {
  organization_name: string | null;
  /** The chosen upload's file and stock alt text (`IMAGE_COLUMNS_SQL`); null once it was deleted. */
  image_hash: string | null;
  image_stock_alt: string | null;
  places_taken?: number;
};

const COLUMNS = [
  'v.id',
  'v.tenant_id',
  'v.organization_id',
  'v.title',
  'v.description',
  'v.description_html',
  'v.street',
  'v.postcode',
  'v.city',
  'v.latitude',
  'v.longitude',
  'v.places',
  'v.hours_per_week',
  'v.starts_on',
  'v.ends_on',
  'v.internship_period_id',
  'v.level_ids',
  'v.tag_ids',
  'v.kind',
  'v.contact_person_id',
  'v.image_url',
  'v.image_upload_id',
  'v.image_alt',
  'v.status',
  'v.published_at',
  'v.closes_at',
  'v.hidden',
  'v.hidden_reason',
  'v.hidden_by',
  'v.created_by',
  'v.created_at',
  'v.updated_at',
] as const;

/** The vacancy with its organization's name (placements' read model), or undefined. */
export async function findVacancy(
  db: TDb,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<TVacancyRow | undefined> {
  let q = db
    .selectFrom('placements.vacancies as v')
    .leftJoin('placements.organizations as o', 'o.id', 'v.organization_id')
    .select([
      ...COLUMNS,
      'o.name as organization_name',
      sql<string | null>`${sql.raw(IMAGE_HASH_SQL)}`.as('image_hash'),
      sql<string | null>`${sql.raw(IMAGE_STOCK_ALT_SQL)}`.as('image_stock_alt'),
      sql<number>`(select count(*)::int from placements.internships i
        where i.vacancy_id = v.id and i.status = any(${[...PLACE_HOLDING_STATUSES]}))`.as('places_taken'),
    ])
    .where('v.id', '=', id);
  if (options.forUpdate) q = q.forUpdate('v');
  return q.executeTakeFirst();
}

export async function insertVacancy(db: TDb, row: Insertable<TVacanciesTable>): Promise<string> {
  const { id } = await db
    .insertInto('placements.vacancies')
    .values(row)
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function updateVacancy(
  db: TDb,
  id: string,
  changes: Updateable<TVacanciesTable>,
): Promise<void> {
  await db.updateTable('placements.vacancies').set(changes).where('id', '=', id).execute();
}

export async function deleteVacancy(db: TDb, id: string): Promise<void> {
  await db.deleteFrom('placements.vacancies').where('id', '=', id).execute();
}

/** The organization as placements knows it (status, location), or undefined. */
export async function findOrganization(db: TDb, id: string) {
  return db
    .selectFrom('placements.organizations')
    .selectAll()
    .where('id', '=', id)
    .where('deleted', '=', false)
    .executeTakeFirst();
}

/**
 * Published vacancies whose `closes_at` has passed, locked for the caller's transaction; SKIP LOCKED
 * lets a user's concurrent close win instead of waiting (the sweep finds nothing left to do then).
 */
export async function lockDueVacancyIds(db: TDb, now: Date): Promise<string[]> {
  const rows = await db
    .selectFrom('placements.vacancies')
    .select('id')
    .where('status', '=', 'published')
    .where('closes_at', '<=', now)
    .forUpdate()
    .skipLocked()
    .execute();
  return rows.map((r) => r.id);
}
