import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import { PLACE_HOLDING_STATUSES } from '@stageplein/contracts/placements/internships';
import type { TDb } from '../database.ts';
import type { TVacanciesTable } from './vacancies.table.ts';

/** `places_taken`: its internships that hold a place (internships issue), where the query counts them. */
export type TVacancyRow = Selectable<TVacanciesTable> & {
  organization_name: string | null;
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

/** Whether the user has a role on the organization (identity's roles, kit's auth read model). */
export async function hasRoleOn(db: TDb, userId: string, organizationId: string): Promise<boolean> {
  const row = await db
    .selectFrom('placements.auth_roles')
    .select('role_id')
    .where('user_id', '=', userId)
    .where('resource_id', '=', organizationId)
    .executeTakeFirst();
  return !!row;
}
