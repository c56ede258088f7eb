import { sql, type RawBuilder } from 'kysely';
import {
  OPEN_APPLICATION_STATUSES,
  PLACED_STATUSES,
  UNSIGNED_CONTRACT_STATUSES,
} from '@stageplein/contracts/placements/analytics-policy';
import { HOURS_RUNNING_STATUSES } from '@stageplein/contracts/placements/hours-policy';
import type { TInternshipStatus } from '@stageplein/contracts/placements/internships';
import type { TContractStatus } from '@stageplein/contracts/internship-contracts/contract-rules';
import type { TOrganizationType } from '@stageplein/contracts/identity/roles';
import type { TDb } from '../database.ts';
import { TENANT_WIDE } from './analytics.projection.ts';

/** The school view's filters: the period is always chosen (the service picks one). */
export interface TAnalyticsFilters {
  schoolId: string;
  periodId: string;
  groupId?: string | undefined;
  levelId?: string | undefined;
}

const list = (values: readonly string[]) => sql.join(values.map((v) => sql.lit(v)));
const PLACED = list(PLACED_STATUSES);
const OPEN = list(OPEN_APPLICATION_STATUSES);
const UNSIGNED = list(UNSIGNED_CONTRACT_STATUSES);
const RUNNING = list(HOURS_RUNNING_STATUSES);

/** A name with its spacing collapsed and trimmed (how a self-found place's row shows it). */
const spaced = (name: RawBuilder<unknown>) => sql`btrim(regexp_replace(${name}, '[[:space:]]+', ' ', 'g'))`;
/**
 * A spaced name in lower case: what makes two self-found places one (the chart's rows and their
 * drill-down). `pg_c_utf8` lowers all of Unicode ("É" too) whatever the server's locale.
 */
const placeKey = (spacedName: RawBuilder<unknown>) => sql`lower(${spacedName} collate pg_c_utf8)`;

/**
 * The filtered school's students (`st`: the student role on the school, kit's auth read model, with
 * their group and level from the school read models) and the period's internships of the school from
 * analytics' read model (`ai`), with the hours requirement resolved (own, else the period's default).
 * A group or level filter keeps the internships of the students in it.
 */
function base(f: TAnalyticsFilters): RawBuilder<unknown> {
  const grouped = f.groupId || f.levelId;
  const groupCond = [
    f.groupId ? sql`g.id = ${f.groupId}` : sql`true`,
    f.levelId ? sql`g.level_id = ${f.levelId}` : sql`true`,
  ];
  return sql`st as materialized (
      select r.user_id as student_id, g.id as group_id, g.name as group_name, l.id as level_id, l.name as level_name
      from placements.auth_roles r
        ${grouped ? sql`join` : sql`left join`} placements.group_memberships gm
          on gm.school_id = r.resource_id and gm.student_id = r.user_id
        ${grouped ? sql`join` : sql`left join`} placements.groups g on g.id = gm.group_id and not g.deleted
          and ${sql.join(groupCond, sql` and `)}
        left join placements.levels l on l.id = g.level_id and not l.deleted
      where r.name = 'student' and r.resource_type = 'School' and r.resource_id = ${f.schoolId}),
    ai as materialized (
      select a.*, coalesce(a.required_hours, d.required_hours) as required, st.group_id, st.group_name,
        st.level_id, st.level_name
      from placements.analytics_internships a
        ${grouped ? sql`join` : sql`left join`} st on st.student_id = a.student_id
        left join placements.analytics_period_defaults d on d.period_id = a.period_id
      where a.school_id = ${f.schoolId} and a.period_id = ${f.periodId})`;
}

export interface TSummaryRow {
  students: number;
  without_placement: number;
  overdue_tasks: number;
  unsigned_contracts: number;
  evaluations_outstanding: number;
  applications: { total: number; open: number; placed: number; refused: number; stopped: number };
  by_status: { status: TInternshipStatus; count: number }[] | null;
  by_phase: { id: string; name: { nl: string; en: string } | null; count: number }[] | null;
  by_group: { id: string | null; name: string | null; students: number; placed: number }[] | null;
  by_organization:
    | {
        id: string | null;
        /** A self-found place's name, case and spacing ignored (null for an organization). */
        place: string | null;
        name: string | null;
        self_found: boolean;
        internships: number;
        placed: number;
      }[]
    | null;
  ttp: { count: number; median_days: number | null; average_days: number | null };
  hours: { logged: number; confirmed: number; required: number };
  contracts: { out: number; oldest_days: number | null; ages: number[] };
  vacancies: { published: number; filled: number };
  /** The rows the behind rule may flag (contracts' progress-rule decides, in the service). */
  behind_candidates: TBehindCandidate[] | null;
}

export interface TBehindCandidate {
  id: string;
  status: TInternshipStatus;
  required: number;
  logged: number;
  updating_allowed: boolean;
  signed_off: boolean;
  start_date: string | null;
  end_date: string | null;
}

/**
 * The school view's numbers in one statement (one round trip in the request's RLS transaction). Every
 * student's placed flag is computed once (`sp`, a hash join), never per row.
 */
export const schoolSummarySql = (f: TAnalyticsFilters, today: Date) => sql<TSummaryRow>`
    with ${base(f)},
    placed_students as (select distinct student_id from ai where status in (${PLACED})),
    sp as materialized (select st.student_id, st.group_id, st.group_name, ps.student_id is not null as placed
      from st left join placed_students ps on ps.student_id = st.student_id),
    pv as (select v.id, v.places from placements.analytics_vacancies v where v.status = 'published' and not v.hidden)
    select
      (select count(*) from st)::int as students,
      (select count(*) from sp where not placed)::int as without_placement,
      (select count(*) from placements.analytics_overdue_tasks t join ai on ai.id = t.internship_id)::int as overdue_tasks,
      (select count(*) from ai where contract_status in (${UNSIGNED}))::int as unsigned_contracts,
      (select count(*) from ai where evaluation_outstanding)::int as evaluations_outstanding,
      (select json_build_object('total', count(*), 'open', count(*) filter (where status in (${OPEN})),
          'placed', count(*) filter (where status in (${PLACED})),
          'refused', count(*) filter (where status in ('declined', 'rejected')),
          'stopped', count(*) filter (where status in ('withdrawn', 'cancelled'))) from ai) as applications,
      (select json_agg(json_build_object('status', status, 'count', n) order by status)
        from (select status, count(*) as n from ai group by status) x) as by_status,
      (select json_agg(json_build_object('id', phase_id, 'name', name, 'count', n) order by n desc, phase_id)
        from (select phase_id, min(phase_name::text)::jsonb as name, count(*) as n from ai
          where phase_id is not null group by phase_id) x) as by_phase,
      (select json_agg(json_build_object('id', group_id, 'name', group_name, 'students', n, 'placed', p)
          order by group_name nulls last)
        from (select group_id, group_name, count(*) as n, count(*) filter (where placed) as p
          from sp group by group_id, group_name) x) as by_group,
      (select json_agg(json_build_object('id', organization_id, 'place', place, 'name', name,
          'self_found', place is not null, 'internships', n, 'placed', p) order by n desc, name, organization_id)
        from (select ai.organization_id, k.place, coalesce(min(o.name), min(coalesce(s.shown, ai.organization_name))) as name,
            count(*) as n, count(*) filter (where ai.status in (${PLACED})) as p
          from ai left join placements.organizations o on o.id = ai.organization_id
            cross join lateral (select case when ai.organization_id is null then ${spaced(sql`ai.organization_name`)} end
              as shown) s
            cross join lateral (select ${placeKey(sql`s.shown`)} as place) k
          group by ai.organization_id, k.place order by n desc, name, ai.organization_id limit 15) x) as by_organization,
      (select json_build_object('count', count(*),
          'median_days', round((percentile_cont(0.5) within group (order by d))::numeric, 1),
          'average_days', round(avg(d)::numeric, 1))
        from (select extract(epoch from placed_at - applied_at) / 86400 as d from ai
          where placed_at is not null and status in (${PLACED})) x) as ttp,
      (select json_build_object('logged', coalesce(sum(hours_logged), 0), 'confirmed', coalesce(sum(hours_confirmed), 0),
          'required', coalesce(sum(required), 0)) from ai where status in (${PLACED})) as hours,
      (select json_build_object('out', count(*),
          'oldest_days', max(floor(extract(epoch from ${today}::timestamptz - contract_out_since) / 86400))::int,
          'ages', coalesce(json_agg(floor(extract(epoch from ${today}::timestamptz - contract_out_since) / 86400)::int), '[]'))
        from ai where contract_status in (${UNSIGNED})) as contracts,
      (select json_build_object('published', (select count(*) from pv),
          'filled', (select count(*) from pv where pv.places > 0 and pv.places <= (select count(*)
            from placements.analytics_internships a where a.vacancy_id = pv.id and a.status in (${PLACED}))))) as vacancies,
      (select json_agg(json_build_object('id', id, 'status', status, 'required', required, 'logged', hours_logged,
          'updating_allowed', updating_allowed, 'signed_off', signed_off, 'start_date', start_date, 'end_date', end_date))
        from ai where required is not null and hours_logged < required and not signed_off and updating_allowed
          and status in (${RUNNING})) as behind_candidates`;

export async function schoolSummary(db: TDb, f: TAnalyticsFilters, today: Date): Promise<TSummaryRow> {
  return (await schoolSummarySql(f, today).execute(db)).rows[0]!;
}

/** One row behind a number (the service applies the behind rule to it). */
export interface TDrillRow {
  internship_id: string | null;
  student_id: string;
  first_name: string | null;
  last_name: string | null;
  group_name: string | null;
  level_name: string | null;
  organization_name: string | null;
  status: TInternshipStatus | null;
  phase_name: { nl: string; en: string } | null;
  hours_logged: number | null;
  required: number | null;
  updating_allowed: boolean | null;
  signed_off: boolean | null;
  start_date: string | null;
  end_date: string | null;
  overdue_tasks: number;
  contract_status: TContractStatus | null;
  contract_age_days: number | null;
  evaluation_outstanding: boolean;
}

export type TDrillMetric =
  | 'without_placement'
  | 'overdue_tasks'
  | 'unsigned_contracts'
  | 'hours_candidates'
  | 'evaluations_outstanding'
  | 'applications_open'
  | 'placed'
  | 'all';

const METRIC_CONDITION: Record<Exclude<TDrillMetric, 'without_placement'>, RawBuilder<unknown>> = {
  overdue_tasks: sql`exists (select 1 from placements.analytics_overdue_tasks t where t.internship_id = ai.id)`,
  unsigned_contracts: sql`ai.contract_status in (${UNSIGNED})`,
  hours_candidates: sql`ai.required is not null and ai.hours_logged < ai.required and not ai.signed_off
    and ai.updating_allowed and ai.status in (${RUNNING})`,
  evaluations_outstanding: sql`ai.evaluation_outstanding`,
  applications_open: sql`ai.status in (${OPEN})`,
  placed: sql`ai.status in (${PLACED})`,
  all: sql`true`,
};

/**
 * A chart's narrowing of a number (a status, an organization, a self-found place by its name), or the
 * internships the behind rule picked.
 */
export interface TDrillNarrow {
  status?: TInternshipStatus | undefined;
  organizationId?: string | undefined;
  selfFound?: string | undefined;
  ids?: readonly string[] | undefined;
}

/** A page of rows: `limit` rows after `offset` in the drill-down's order. */
export interface TDrillPage {
  limit: number;
  offset: number;
}

const conditionsOf = (metric: Exclude<TDrillMetric, 'without_placement'>, narrow: TDrillNarrow) =>
  sql.join(
    [
      METRIC_CONDITION[metric],
      ...(narrow.status ? [sql`ai.status = ${narrow.status}`] : []),
      ...(narrow.organizationId ? [sql`ai.organization_id = ${narrow.organizationId}`] : []),
      ...(narrow.selfFound
        ? [
            sql`ai.organization_id is null and ${placeKey(spaced(sql`ai.organization_name`))} = ${placeKey(spaced(sql`${narrow.selfFound}::text`))}`,
          ]
        : []),
      ...(narrow.ids ? [sql`ai.id = any(${[...narrow.ids]}::uuid[])`] : []),
    ],
    sql` and `,
  );

const limitOf = (page: TDrillPage | undefined) =>
  page ? sql`limit ${page.limit} offset ${page.offset}` : sql``;

/**
 * The rows behind a number (students for `without_placement`) sorted by the student's name, and their
 * count, in one statement: `fv` is every row of the number with the name it sorts by, `pg` the asked
 * page of it; only the page's rows get their organization's name and overdue tasks. Without `page`, every
 * row (the CSV). A page past the end is one row of nulls carrying the total. Students without a placement
 * look their internships up by the index rather than through `ai` (half the statement's time, 5,000 students).
 */
export const drillSql = (
  f: TAnalyticsFilters,
  metric: TDrillMetric,
  today: Date,
  narrow: TDrillNarrow = {},
  page?: TDrillPage,
) =>
  metric === 'without_placement'
    ? sql<TDrillRow & { total: number }>`
      with ${base(f)},
      fv as (select st.student_id, st.group_name, st.level_name, u.first_name, u.last_name
        from st left join placements.users u on u.id = st.student_id
        where not exists (select 1 from placements.analytics_internships a where a.school_id = ${f.schoolId}
          and a.period_id = ${f.periodId} and a.student_id = st.student_id and a.status in (${PLACED}))),
      total as (select count(*)::int as n from fv),
      pg as (select * from fv order by last_name nulls last, first_name, student_id ${limitOf(page)})
      select total.n as total, null as internship_id, pg.student_id, pg.first_name, pg.last_name, pg.group_name,
        pg.level_name, null as organization_name, null as status, null as phase_name, null as hours_logged,
        null as required, null as updating_allowed, null as signed_off, null as start_date, null as end_date,
        0 as overdue_tasks, null as contract_status, null as contract_age_days, false as evaluation_outstanding
      from total left join pg on true
      order by pg.last_name nulls last, pg.first_name, pg.student_id`
    : sql<TDrillRow & { total: number }>`
      with ${base(f)},
      fv as (select ai.*, u.first_name, u.last_name from ai left join placements.users u on u.id = ai.student_id
        where ${conditionsOf(metric, narrow)}),
      total as (select count(*)::int as n from fv),
      pg as (select * from fv order by last_name nulls last, first_name, id ${limitOf(page)})
      select total.n as total, pg.id as internship_id, pg.student_id, pg.first_name, pg.last_name, pg.group_name,
        pg.level_name, coalesce(o.name, pg.organization_name) as organization_name, pg.status, pg.phase_name,
        pg.hours_logged::float8 as hours_logged, pg.required::float8 as required, pg.updating_allowed,
        pg.signed_off, pg.start_date::text, pg.end_date::text,
        (select count(*) from placements.analytics_overdue_tasks t where t.internship_id = pg.id)::int as overdue_tasks,
        pg.contract_status,
        case when pg.contract_status in (${UNSIGNED})
          then floor(extract(epoch from ${today}::timestamptz - pg.contract_out_since) / 86400)::int end as contract_age_days,
        pg.evaluation_outstanding
      from total left join pg on true left join placements.organizations o on o.id = pg.organization_id
      order by pg.last_name nulls last, pg.first_name, pg.id`;

export async function drillRows(
  db: TDb,
  f: TAnalyticsFilters,
  metric: TDrillMetric,
  today: Date,
  narrow: TDrillNarrow = {},
  page?: TDrillPage,
): Promise<{ rows: TDrillRow[]; total: number }> {
  const { rows } = await drillSql(f, metric, today, narrow, page).execute(db);
  return {
    rows: rows.filter((r) => r.student_id !== null).map(({ total: _, ...r }) => r),
    total: rows[0]?.total ?? 0,
  };
}

/**
 * The internships the behind rule may flag (`hours_candidates`), in the drill-down's order, with only
 * the facts the rule reads: the service applies contracts' rule and asks `drillRows` for the page's ids.
 */
export async function behindCandidates(
  db: TDb,
  f: TAnalyticsFilters,
  narrow: TDrillNarrow = {},
): Promise<TBehindCandidate[]> {
  const { rows } = await sql<TBehindCandidate>`
    with ${base(f)}
    select ai.id, ai.status, ai.required::float8 as required, ai.hours_logged::float8 as logged,
      ai.updating_allowed, ai.signed_off, ai.start_date::text, ai.end_date::text
    from ai left join placements.users u on u.id = ai.student_id
    where ${conditionsOf('hours_candidates', narrow)}
    order by u.last_name nulls last, u.first_name, ai.id`.execute(db);
  return rows;
}

export interface TPeriodRow {
  id: string;
  name: string;
  start_date: string;
  end_date: string;
}

/** The school's periods (school read models), newest first. */
export const schoolPeriods = async (db: TDb, schoolId: string): Promise<TPeriodRow[]> =>
  (
    await sql<TPeriodRow>`select id, name, start_date::text, end_date::text from placements.internship_periods
      where school_id = ${schoolId} and not deleted order by start_date desc, id`.execute(db)
  ).rows;

export const schoolGroupsAndLevels = async (db: TDb, schoolId: string) => {
  const groups = await sql<{ id: string; name: string }>`select id, name from placements.groups
    where school_id = ${schoolId} and not deleted order by name, id`.execute(db);
  const levels = await sql<{ id: string; name: string }>`select id, name from placements.levels
    where school_id = ${schoolId} and not deleted order by name, id`.execute(db);
  return { groups: groups.rows, levels: levels.rows };
};

/** The organization view's facts: its vacancies with their applicants and interns, its interns' open work. */
export async function organizationFacts(db: TDb, organizationId: string, today: Date) {
  const vacancies = await sql<{
    id: string;
    title: string;
    status: string;
    places: number;
    applicants: number;
    interns: number;
  }>`select v.id, v.title, v.status, v.places,
      (select count(*) from placements.analytics_internships a where a.vacancy_id = v.id and a.status in (${OPEN}))::int as applicants,
      (select count(*) from placements.analytics_internships a where a.vacancy_id = v.id and a.status in (${PLACED}))::int as interns
    from placements.analytics_vacancies v
    where v.organization_id = ${organizationId} and v.status in ('published', 'closed')
    order by v.status desc, v.published_at desc nulls last, v.title, v.id`.execute(db);
  const internships = await sql<{
    internship_id: string;
    first_name: string | null;
    last_name: string | null;
    status: TInternshipStatus;
    hours_pending: number;
    contract_status: TContractStatus | null;
    contract_age_days: number | null;
  }>`select a.id as internship_id, u.first_name, u.last_name, a.status, a.hours_pending::float8 as hours_pending,
      a.contract_status,
      case when a.contract_status in (${UNSIGNED})
        then floor(extract(epoch from ${today}::timestamptz - a.contract_out_since) / 86400)::int end as contract_age_days
    from placements.analytics_internships a left join placements.users u on u.id = a.student_id
    where a.organization_id = ${organizationId} and a.status in (${OPEN}, ${PLACED})
    order by u.last_name nulls last, u.first_name, a.id`.execute(db);
  return { vacancies: vacancies.rows, internships: internships.rows };
}

/**
 * The tenant's approved organizations (row-level security: this tenant's) by type and region, the region
 * being the city the organization gives (trimmed; null where none). Placements' read model of
 * organizations is fed by organizations' events and rebuilt by `npm run backfill`.
 */
export async function organizationsByTypeAndRegion(db: TDb) {
  const { rows } = await sql<{ type: TOrganizationType; region: string | null; count: number }>`
    select organization_type as type, nullif(trim(city), '') as region, count(*)::int as count
    from placements.organizations where not deleted and status = 'approved'
    group by 1, 2 order by 1, 2 nulls last`.execute(db);
  return rows;
}

/**
 * What the school view's numbers depend on, as one string (docs/decisions/analytics.md "Cached
 * numbers"): the school's and the tenant's versions of analytics' read models, and the newest change of
 * each school read model they join (memberships, groups, levels, periods, organizations' names) and the
 * set of its students (count and a sum of their ids' hashes, from the index alone).
 */
export async function schoolFingerprint(db: TDb, schoolId: string): Promise<string> {
  const { rows } = await sql<{ fp: string }>`select concat_ws('|',
      (select sum(version) from placements.analytics_school_versions where school_id in (${schoolId}, ${TENANT_WIDE})),
      (select max(event_time) from placements.group_memberships where school_id = ${schoolId}),
      (select max(event_time) from placements.groups where school_id = ${schoolId}),
      (select max(event_time) from placements.levels where school_id = ${schoolId}),
      (select max(event_time) from placements.internship_periods where school_id = ${schoolId}),
      (select max(event_time) from placements.organizations),
      (select count(*) || ':' || coalesce(sum(hashtext(user_id::text)), 0) from placements.auth_roles
        where name = 'student' and resource_type = 'School' and resource_id = ${schoolId})) as fp`.execute(
    db,
  );
  return rows[0]!.fp;
}
