import { sql, type Selectable, type SqlBool } from 'kysely';
import { PLACE_HOLDING_STATUSES } from '@stageplein/contracts/placements/internships';
import type { TDb } from '../database.ts';
import { likeLiteral } from '../shared/like-literal.ts';
import type {
  TAllocationPreferencesTable,
  TAllocationProposalLinesTable,
  TAllocationRoundsTable,
} from './allocation.table.ts';

export type TRoundRow = Selectable<TAllocationRoundsTable>;
export type TPreferenceRow = Selectable<TAllocationPreferencesTable>;
export type TLineRow = Selectable<TAllocationProposalLinesTable>;

/** Places the vacancy's internships do not hold yet (`PLACE_HOLDING_STATUSES`), never below 0. */
const PLACES_LEFT = sql<number>`greatest(0, v.places - (select count(*)::int from placements.internships i
  where i.vacancy_id = v.id and i.status = any(${[...PLACE_HOLDING_STATUSES]})))`;

export interface TRoundVacancyRow {
  vacancy_id: string;
  capacity: number;
  title: string;
  organization_id: string;
  organization_name: string | null;
  city: string | null;
  /** Places the vacancy has left outside the round (`PLACES_LEFT`). */
  places_left: number;
}

export async function insertRound(
  db: TDb,
  row: Omit<TRoundRow, 'id' | 'allocated_at' | 'published_at' | 'status'>,
): Promise<string> {
  const { id } = await db
    .insertInto('placements.allocation_rounds')
    .values({ ...row, status: 'open' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function insertRoundVacancies(
  db: TDb,
  tenantId: string,
  roundId: string,
  vacancies: readonly { vacancy_id: string; capacity: number }[],
): Promise<void> {
  await db
    .insertInto('placements.allocation_round_vacancies')
    .values(vacancies.map((v) => ({ ...v, round_id: roundId, tenant_id: tenantId })))
    .execute();
}

/** `lock`: `update` for the school's steps, `share` for a student's ranking (waits for a running step). */
export function findRound(db: TDb, id: string, lock?: 'update' | 'share'): Promise<TRoundRow | undefined> {
  let q = db.selectFrom('placements.allocation_rounds').selectAll().where('id', '=', id);
  if (lock === 'update') q = q.forUpdate();
  if (lock === 'share') q = q.forShare();
  return q.executeTakeFirst();
}

export function roundsOfSchool(db: TDb, schoolId: string): Promise<TRoundRow[]> {
  return db
    .selectFrom('placements.allocation_rounds')
    .selectAll()
    .where('school_id', '=', schoolId)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
}

export async function updateRound(
  db: TDb,
  id: string,
  changes: Partial<Omit<TRoundRow, 'id'>>,
): Promise<void> {
  await db.updateTable('placements.allocation_rounds').set(changes).where('id', '=', id).execute();
}

/** The round's vacancies with what a chooser needs to see (placements' own vacancies and organizations). */
export async function roundVacancies(
  db: TDb,
  roundIds: readonly string[],
): Promise<Map<string, TRoundVacancyRow[]>> {
  const byRound = new Map<string, TRoundVacancyRow[]>(roundIds.map((id) => [id, []]));
  if (roundIds.length === 0) return byRound;
  const rows = await db
    .selectFrom('placements.allocation_round_vacancies as rv')
    .innerJoin('placements.vacancies as v', 'v.id', 'rv.vacancy_id')
    .leftJoin('placements.organizations as o', 'o.id', 'v.organization_id')
    .select([
      'rv.round_id',
      'rv.vacancy_id',
      'rv.capacity',
      'v.title',
      'v.organization_id',
      'o.name as organization_name',
      'v.city',
      PLACES_LEFT.as('places_left'),
    ])
    .where('rv.round_id', 'in', roundIds)
    .orderBy('v.title')
    .orderBy('rv.vacancy_id')
    .execute();
  for (const { round_id, ...row } of rows) byRound.get(round_id)!.push(row);
  return byRound;
}

/** Published, not hidden vacancies of the tenant among `ids` (what a round may offer), with their places. */
export function openVacancies(db: TDb, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('placements.vacancies')
    .select(['id', 'places', 'internship_period_id', 'title', 'organization_id'])
    .where('id', 'in', ids)
    .where('status', '=', 'published')
    .where('hidden', '=', false)
    .execute();
}

/** A vacancy as a school's pickers and refusals see it. */
export interface TPickableVacancy {
  id: string;
  title: string;
  organization_name: string | null;
  city: string | null;
  places: number;
  places_left: number;
  /** Published and not hidden: a round may offer it, a school may assign to it. */
  offerable: boolean;
}

function pickableVacancies(db: TDb) {
  return db
    .selectFrom('placements.vacancies as v')
    .leftJoin('placements.organizations as o', 'o.id', 'v.organization_id')
    .select([
      'v.id',
      'v.title',
      'o.name as organization_name',
      'v.city',
      'v.places',
      PLACES_LEFT.as('places_left'),
      sql<boolean>`v.status = 'published' and not v.hidden`.as('offerable'),
    ]);
}

/** The tenant's vacancies among `ids`, whatever their state (to name the one a school may not pick). */
export function vacanciesByIds(db: TDb, ids: readonly string[]): Promise<TPickableVacancy[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return pickableVacancies(db).where('v.id', 'in', ids).execute();
}

/**
 * What a school may pick for a round or an assignment: published, visible vacancies of the tenant with a
 * place left, every word of `search` in the title, the organization's name or the place; newest first
 * (the published vacancies' `vacancies_newest` index, so a page without words stops after `limit` rows).
 */
export function searchPickableVacancies(db: TDb, search: string, limit: number): Promise<TPickableVacancy[]> {
  const words = search.trim().split(/\s+/).filter(Boolean).slice(0, 8);
  return pickableVacancies(db)
    .where('v.status', '=', 'published')
    .where('v.hidden', '=', false)
    .where(sql<SqlBool>`${PLACES_LEFT} > 0`)
    .where((eb) =>
      eb.and(
        words.map((w) => {
          const like = likeLiteral(w);
          return sql<SqlBool>`(v.title ilike ${like} or o.name ilike ${like} or v.city ilike ${like})`;
        }),
      ),
    )
    .orderBy(sql`coalesce(v.published_at, v.created_at)`, 'desc')
    .orderBy('v.id', 'desc')
    .limit(limit)
    .execute();
}

export function findPreference(db: TDb, roundId: string, studentId: string) {
  return db
    .selectFrom('placements.allocation_preferences')
    .selectAll()
    .where('round_id', '=', roundId)
    .where('student_id', '=', studentId)
    .executeTakeFirst();
}

export function preferencesOf(db: TDb, roundId: string): Promise<TPreferenceRow[]> {
  return db
    .selectFrom('placements.allocation_preferences')
    .selectAll()
    .where('round_id', '=', roundId)
    .execute();
}

export async function rankedCounts(db: TDb, roundIds: readonly string[]): Promise<Map<string, number>> {
  if (roundIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('placements.allocation_preferences')
    .select(['round_id', (eb) => eb.fn.countAll<string>().as('n')])
    .where('round_id', 'in', roundIds)
    .where(sql<boolean>`cardinality(vacancy_ids) > 0`)
    .groupBy('round_id')
    .execute();
  return new Map(rows.map((r) => [r.round_id, Number(r.n)]));
}

export async function upsertPreference(db: TDb, row: TPreferenceRow): Promise<void> {
  await db
    .insertInto('placements.allocation_preferences')
    .values(row)
    .onConflict((oc) =>
      oc
        .columns(['round_id', 'student_id'])
        .doUpdateSet({ vacancy_ids: row.vacancy_ids, updated_at: row.updated_at }),
    )
    .execute();
}

export async function replaceProposal(db: TDb, roundId: string, lines: readonly TLineRow[]): Promise<void> {
  await db.deleteFrom('placements.allocation_proposal_lines').where('round_id', '=', roundId).execute();
  for (let i = 0; i < lines.length; i += 1000)
    await db
      .insertInto('placements.allocation_proposal_lines')
      .values(lines.slice(i, i + 1000))
      .execute();
}

export function proposalOf(db: TDb, roundId: string): Promise<TLineRow[]> {
  return db
    .selectFrom('placements.allocation_proposal_lines')
    .selectAll()
    .where('round_id', '=', roundId)
    .orderBy('lottery_number')
    .orderBy('student_id')
    .execute();
}

export function findLine(db: TDb, roundId: string, studentId: string) {
  return db
    .selectFrom('placements.allocation_proposal_lines')
    .selectAll()
    .where('round_id', '=', roundId)
    .where('student_id', '=', studentId)
    .executeTakeFirst();
}

export async function countOnVacancy(db: TDb, roundId: string, vacancyId: string): Promise<number> {
  const { n } = await db
    .selectFrom('placements.allocation_proposal_lines')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('round_id', '=', roundId)
    .where('vacancy_id', '=', vacancyId)
    .executeTakeFirstOrThrow();
  return Number(n);
}

export async function updateLine(
  db: TDb,
  roundId: string,
  studentId: string,
  changes: Partial<Pick<TLineRow, 'vacancy_id' | 'adjusted' | 'internship_id'>>,
): Promise<void> {
  await db
    .updateTable('placements.allocation_proposal_lines')
    .set(changes)
    .where('round_id', '=', roundId)
    .where('student_id', '=', studentId)
    .execute();
}

export async function namesOf(db: TDb, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('placements.users')
    .select(['id', 'first_name', 'last_name', 'email'])
    .where('id', 'in', ids)
    .execute();
  return new Map(
    rows.map((u) => [u.id, [u.first_name, u.last_name].filter(Boolean).join(' ') || (u.email ?? u.id)]),
  );
}

/** The school's groups, levels and internship periods (organizations' catalogue, placements' read models). */
export async function schoolCatalogue(db: TDb, schoolId: string) {
  const [groups, levels, periods] = await Promise.all([
    db
      .selectFrom('placements.groups')
      .select(['id', 'name', 'level_id'])
      .where('school_id', '=', schoolId)
      .where('deleted', '=', false)
      .orderBy('name')
      .execute(),
    db
      .selectFrom('placements.levels')
      .select(['id', 'name'])
      .where('school_id', '=', schoolId)
      .where('deleted', '=', false)
      .orderBy('name')
      .execute(),
    db
      .selectFrom('placements.internship_periods')
      .select(['id', 'name', 'start_date', 'end_date'])
      .where('school_id', '=', schoolId)
      .where('deleted', '=', false)
      .orderBy('start_date', 'desc')
      .execute(),
  ]);
  return { groups, levels, periods };
}
