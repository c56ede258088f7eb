import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  sql,
  type Expression,
  type RawBuilder,
  type SqlBool,
} from 'kysely';
import type { TJsonApiQuery } from '@stageplein/contracts/jsonapi/jsonapi';
import { likeLiteral } from '../shared/like-literal.ts';
import { HOURS_RUNNING_STATUSES } from '@stageplein/contracts/placements/hours-policy';
import type { TInternshipScope } from '@stageplein/contracts/placements/internship-policy';
import { filterConditions } from '@stageplein/kit/jsonapi/apply-query';
import { prepared } from '@stageplein/kit/db/prepared-statements';

/**
 * The statements of `GET /api/v1/internships`: one page with every relation joined (the seven
 * includes cost seven primary-key lookups per row, no second query) and its total. Written as `sql`
 * templates and compiled here, so the benchmark's bare route runs exactly these (infra/bench).
 */

/** The internship's columns and its relations' attributes (spec §3), prefixed per relation. */
const SELECT = sql`
  i.id, i.tenant_id, i.student_id, i.school_id, i.organization_id, i.vacancy_id, i.internship_period_id,
  i.contact_person_id, i.supervisor_id, i.current_phase_id, i.title, i.description, i.motivation,
  i.start_date, i.end_date, i.contract_type, i.self_found, i.organization_name, i.contact_name,
  i.contact_email, i.contact_phone_number, i.supervisor_name, i.supervisor_email,
  i.supervisor_approved_email, i.supervisor_approved_by, i.supervisor_approved_at,
  i.hours, i.hours_supervisor, i.updating_hours_allowed, i.status, i.status_reason, i.created_by, i.created_at, i.updated_at,
  s.id as student__id, s.first_name as student__first_name, s.last_name as student__last_name,
  s.event_time as student__updated_at, coalesce(s.created_at, s.event_time) as student__created_at,
  o.id as organization__id, o.name as organization__name, o.status as organization__status,
  o.city as organization__city, w.website as organization__website,
  v.id as vacancy__id, v.title as vacancy__title,
  p.id as period__id, p.name as period__name, p.start_date as period__start_date,
  p.end_date as period__end_date, p.status as period__status, p.school_id as period__school_id,
  p.school_year_id as period__school_year_id,
  c.id as contact__id, c.first_name as contact__first_name, c.last_name as contact__last_name,
  c.email as contact__email,
  u.id as supervisor__id, u.first_name as supervisor__first_name, u.last_name as supervisor__last_name,
  u.email as supervisor__email,
  ph.phase_id as phase__id, ph.name as phase__name, ph.status as phase__status`;

/**
 * Each relation is one primary-key lookup per internship of the page. `limit 1` (a key matches at most
 * one row, so it changes no answer) keeps the planner from flattening the subqueries into seven joins:
 * it would then spend ~12 ms searching join orders on every request and pick hash joins that scan
 * whole tables (all users, three times), each scanned row paying the RLS predicate on the product's
 * path (docs/benchmarks.md).
 */
const one = (table: string, alias: string, key: string, live = true) =>
  sql`left join lateral (select * from ${sql.raw(`placements.${table}`)} ${sql.raw(alias)}
    where ${sql.raw(`${alias}.id = ${key}`)}${sql.raw(live ? ` and not ${alias}.deleted` : '')} limit 1) ${sql.raw(alias)} on true`;

const JOINS = sql.join(
  [
    one('users', 's', 'i.student_id'),
    one('organizations', 'o', 'i.organization_id'),
    one('organization_websites', 'w', 'i.organization_id', false),
    one('vacancies', 'v', 'i.vacancy_id', false),
    one('internship_periods', 'p', 'i.internship_period_id'),
    one('users', 'c', 'i.contact_person_id'),
    one('users', 'u', 'i.supervisor_id'),
    // The current phase (phase-runs' read model): the latest entry of the phase `current_phase_id` names.
    sql`left join lateral (select ph.phase_id, ph.name, ph.status from placements.internship_phases ph
      where ph.internship_id = i.id and ph.phase_id = i.current_phase_id order by ph.entry desc limit 1) ph on true`,
  ],
  sql`\n`,
);

/** Wire attributes of the filters and sorts → columns (only declared names reach SQL). */
export const INTERNSHIP_COLUMNS: Record<string, string> = {
  internship_period_id: 'i.internship_period_id',
  status: 'i.status',
  organization_id: 'i.organization_id',
  student_id: 'i.student_id',
  vacancy_id: 'i.vacancy_id',
  self_found: 'i.self_found',
  created_at: 'i.created_at',
  updated_at: 'i.updated_at',
  start_date: 'i.start_date',
  end_date: 'i.end_date',
  title: 'i.title',
};

/** What one of the viewer's parties sees (contracts' `internshipScopes`). */
export function scopeCondition(scope: TInternshipScope): Expression<SqlBool> {
  switch (scope.kind) {
    case 'school':
      return sql<SqlBool>`i.school_id = ${scope.schoolId}`;
    case 'organization':
      return sql<SqlBool>`i.organization_id = ${scope.organizationId}`;
    case 'student':
      return sql<SqlBool>`(i.school_id = ${scope.schoolId} and i.student_id = ${scope.studentId})`;
    case 'mentor':
      return sql<SqlBool>`(i.school_id = ${scope.schoolId} and i.student_id in (
        select m.student_id from placements.mentorships m
        where m.mentor_id = ${scope.mentorId} and m.school_id = ${scope.schoolId} and not m.removed))`;
    case 'none':
      return sql<SqlBool>`false`;
  }
}

/**
 * What the list narrows to beyond the wire query: `periodIds`, spec §4's in-scope periods when the
 * caller asked `filter[in_scope]=true` (an internship without a period belongs to no school year and
 * stays in).
 */
export interface TListOptions {
  periodIds?: readonly string[] | undefined;
}

/** The query's filters (and group, search and in-scope scopes), after the viewer's scope. */
function filtersOf(query: TJsonApiQuery, options: TListOptions): Expression<SqlBool>[] {
  const conditions: Expression<SqlBool>[] = [...filterConditions(query, INTERNSHIP_COLUMNS)];
  if (options.periodIds)
    conditions.push(sql<SqlBool>`(i.internship_period_id is null
      or i.internship_period_id = any(${[...options.periodIds]}::uuid[]))`);
  const group = query.scopes.group_id;
  if (group)
    conditions.push(sql<SqlBool>`i.student_id in (select gm.student_id from placements.group_memberships gm
      where gm.group_id = ${group} and gm.school_id = i.school_id)`);
  const awaiting = query.scopes.awaiting;
  if (awaiting === 'evaluation_student' || awaiting === 'evaluation_mentor')
    conditions.push(sql<SqlBool>`exists (select 1 from placements.evaluations e
      join placements.evaluation_responses r on r.evaluation_id = e.id
      where e.internship_id = i.id and r.role = ${awaiting === 'evaluation_student' ? 'student' : 'mentor'}
        and r.state = 'open')`);
  else if (awaiting === 'hours_confirmation')
    conditions.push(sql<SqlBool>`i.status = any(${[...HOURS_RUNNING_STATUSES]}::text[])
      and exists (select 1 from placements.hours_entries h where h.internship_id = i.id and h.status = 'pending')`);
  const search = query.scopes.search?.trim();
  if (search) {
    const like = likeLiteral(search);
    conditions.push(sql<SqlBool>`(i.title ilike ${like} or i.organization_name ilike ${like}
      or i.student_id in (select su.id from placements.users su
        where coalesce(su.first_name, '') || ' ' || coalesce(su.last_name, '') ilike ${like}))`);
  }
  return conditions;
}

const and = (conditions: Expression<SqlBool>[]) => sql<SqlBool>`${sql.join(conditions, sql` and `)}`;

function orderOf(query: TJsonApiQuery): RawBuilder<unknown> {
  const keys = query.sort.flatMap((s) => {
    const column = INTERNSHIP_COLUMNS[s.attribute];
    return column ? [sql`${sql.ref(column)} ${sql.raw(s.descending ? 'desc' : 'asc')}`] : [];
  });
  // Ties broken by id (ascending, as the scope indexes hold it), so pages never overlap.
  return sql.join([...keys, sql`i.id`]);
}

// Compiles templates to text and values without a connection (the bench runs them on plain pg).
const compiler = new Kysely<unknown>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

export interface TStatement {
  text: string;
  values: readonly unknown[];
}

/** Text and values of a statement (also the benchmarks' bare routes, infra/bench). */
export const compile = (q: RawBuilder<unknown>): TStatement => {
  const c = q.compile(compiler);
  return { text: c.sql, values: c.parameters };
};

/**
 * The rows of the page before the joins. One scope is one indexed condition (`internships_school`,
 * `internships_organization`: the default order straight from the index); several (a School admin is
 * also an admin of the School as an organization) are a union of per-scope branches, each cut at the
 * page's end, so no branch sorts the whole tenant — an `or` of the conditions would.
 */
function pageRows(
  scopes: readonly TInternshipScope[],
  query: TJsonApiQuery,
  options: TListOptions,
): RawBuilder<unknown> {
  const { size, number } = query.page;
  const offset = (number - 1) * size;
  const filters = filtersOf(query, options);
  const branch = (scope: TInternshipScope, limit: number, skip: number) =>
    sql`select i.* from placements.internships i where ${and([scopeCondition(scope), ...filters])}
      order by ${orderOf(query)} limit ${limit} offset ${skip}`;
  if (scopes.length === 0) return sql`select i.* from placements.internships i where false`;
  if (scopes.length === 1) return branch(scopes[0]!, size, offset);
  return sql`select i.* from (${sql.join(
    scopes.map((s) => sql`(${branch(s, offset + size, 0)})`),
    sql` union `,
  )}) i order by ${orderOf(query)} limit ${size} offset ${offset}`;
}

/**
 * How many internships the scopes and filters match, each once: one count per scope, each leaving out
 * what an earlier scope already counted (`is not true`: a null comparison is no match). A scope alone
 * is then an index condition beside the tenant policy's (`internships_school_count`,
 * `internships_organization_count`), so the count reads the index and evaluates the policy once instead
 * of scanning the table with an `or` and the policy's predicate on every row. Unfiltered school and
 * organization scopes add up their pairs' tallies instead (`placements.internship_tallies`, kept by
 * triggers): the same conditions, since a tally row has the internship's school and organization.
 */
function totalOf(
  scopes: readonly TInternshipScope[],
  query: TJsonApiQuery,
  options: TListOptions,
): RawBuilder<unknown> {
  if (scopes.length === 0) return sql`0`;
  const filters = filtersOf(query, options);
  const tallied =
    filters.length === 0 && scopes.every((s) => s.kind === 'school' || s.kind === 'organization');
  const counts = scopes.map((scope, k) => {
    const earlier = scopes.slice(0, k).map((s) => sql<SqlBool>`(${scopeCondition(s)}) is not true`);
    const where = and([scopeCondition(scope), ...earlier, ...filters]);
    return tallied
      ? sql`(select coalesce(sum(i.internships), 0) from placements.internship_tallies i where ${where})`
      : sql`(select count(*) from placements.internships i where ${where})`;
  });
  return sql`(${sql.join(counts, sql` + `)})::int`;
}

/**
 * One statement, one round trip: the count of what the viewer's scopes and the query's filters match
 * (each internship once), and the page with every relation's attributes, numbered in the query's
 * order (`page_position`). A page past the end is one row with the total and nulls.
 */
export function internshipsPageSql(
  scopes: readonly TInternshipScope[],
  query: TJsonApiQuery,
  options: TListOptions = {},
): TStatement {
  // Prepared: planning this statement cost about as much as running it (docs/benchmarks.md).
  return prepared(
    compile(sql`select t.total, x.* from
    (select ${totalOf(scopes, query, options)} as total) t
    left join lateral (
      select ${SELECT}, row_number() over (order by ${orderOf(query)}) as page_position
      from (${pageRows(scopes, query, options)}) i ${JOINS}
    ) x on true
    order by x.page_position`),
  );
}

/** One internship with its relations, by id (the policy decides who may read it). */
export function internshipByIdSql(id: string, forUpdate = false): TStatement {
  return prepared(
    compile(
      sql`select ${SELECT} from placements.internships i ${JOINS} where i.id = ${id}${
        forUpdate ? sql` for update of i` : sql``
      }`,
    ),
  );
}
