import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import type { TInternshipScope } from '@stageplein/contracts/placements/internship-policy';
import type { TInternshipStatus } from '@stageplein/contracts/placements/internships';
import type { TProgressSort } from '@stageplein/contracts/placements/progress';
import type {
  TEvaluationResponseState,
  TEvaluationRole,
} from '@stageplein/contracts/placements/evaluation-policy';
import type { TDb } from '../database.ts';
import { scopeCondition } from '../internships/internships.sql.ts';

/** One internship of a period with the raw hours sums the service turns into figures (hours-policy). */
export interface TProgressSqlRow {
  id: string;
  student_id: string;
  student_first: string | null;
  student_last: string | null;
  organization_name: string | null;
  status: TInternshipStatus;
  hours: number | null;
  group_id: string | null;
  group_name: string | null;
  level_id: string | null;
  level_name: string | null;
  mentors: { id: string; name: string }[];
  confirmed_q: number;
  pending_q: number;
  rejected_q: number;
  paper_quarters: number | null;
  period_default_hours: number | null;
  /** The behind rule's facts (contracts' progress-rule): the internship's own dates, lock and sign-off. */
  start_date: string | null;
  end_date: string | null;
  updating_hours_allowed: boolean;
  signed_off: boolean;
  /** The internship's evaluation parts (docs/decisions/evaluations.md); null when none was opened. */
  evaluation_parts:
    { role: TEvaluationRole; state: TEvaluationResponseState; score: number | null; weight: number }[] | null;
}

export interface TProgressFilters {
  groupId?: string;
  levelId?: string;
  mentorId?: string;
  internshipId?: string;
}

/** A page of the list: `limit` rows after `offset` in the sort's order. */
export interface TProgressPage {
  limit: number;
  offset: number;
}

/** The sort's SQL order; every order ends in the student's name and the internship's id (stable pages). */
const ORDERS: Record<TProgressSort, RawBuilder<unknown>> = {
  student_name: sql`s.last_name nulls last, s.first_name, i.id`,
  '-student_name': sql`s.last_name desc nulls last, s.first_name desc, i.id desc`,
  organization_name: sql`coalesce(o.name, i.organization_name) nulls last, s.last_name nulls last, s.first_name, i.id`,
  '-organization_name': sql`coalesce(o.name, i.organization_name) desc nulls last, s.last_name nulls last, s.first_name, i.id`,
  group: sql`g.name nulls last, s.last_name nulls last, s.first_name, i.id`,
  '-group': sql`g.name desc nulls last, s.last_name nulls last, s.first_name, i.id`,
};

/**
 * The period's internships the scopes reveal with the filters' and sorts' joins (student, workplace,
 * group, level): the cheap part, shared by the page, the count and the rows.
 */
function visible(periodId: string, scopes: readonly TInternshipScope[], f: TProgressFilters) {
  const conditions: Expression<SqlBool>[] = [
    sql<SqlBool>`i.internship_period_id = ${periodId}`,
    scopes.length ? sql<SqlBool>`(${sql.join(scopes.map(scopeCondition), sql` or `)})` : sql<SqlBool>`false`,
  ];
  if (f.groupId) conditions.push(sql<SqlBool>`g.id = ${f.groupId}`);
  if (f.levelId) conditions.push(sql<SqlBool>`l.id = ${f.levelId}`);
  if (f.internshipId) conditions.push(sql<SqlBool>`i.id = ${f.internshipId}`);
  if (f.mentorId)
    conditions.push(sql<SqlBool>`exists (select 1 from placements.mentorships fm
      where fm.school_id = i.school_id and fm.student_id = i.student_id and fm.mentor_id = ${f.mentorId}
        and not fm.removed)`);
  return {
    from: sql`placements.internships i
      left join placements.users s on s.id = i.student_id and not s.deleted
      left join placements.organizations o on o.id = i.organization_id and not o.deleted
      left join placements.group_memberships gm on gm.school_id = i.school_id and gm.student_id = i.student_id
      left join placements.groups g on g.id = gm.group_id and not g.deleted
      left join placements.levels l on l.id = g.level_id and not l.deleted`,
    where: sql.join(conditions, sql` and `),
  };
}

/**
 * The internships of the period the scopes reveal, in one statement: names, group, level and mentors
 * from the school read models, the hours entries summed per status by a lateral aggregate over the
 * `(internship_id)` index. With a page, the filters and sort pick the page's ids first (a cheap
 * ordered scan of the joins above) and the mentors, sums and evaluation run for those rows only.
 * The behind filter is applied after the arithmetic (hours-policy), by the service.
 */
export async function progressRows(
  db: TDb,
  periodId: string,
  scopes: readonly TInternshipScope[],
  f: TProgressFilters,
  sort: TProgressSort = 'student_name',
  page?: TProgressPage,
): Promise<TProgressSqlRow[]> {
  return (await progressRowsSql(periodId, scopes, f, sort, page).execute(db)).rows;
}

/** The statement of `progressRows` (the benchmark's bare route runs exactly this, infra/bench). */
export function progressRowsSql(
  periodId: string,
  scopes: readonly TInternshipScope[],
  f: TProgressFilters,
  sort: TProgressSort = 'student_name',
  page?: TProgressPage,
): RawBuilder<TProgressSqlRow> {
  const v = visible(periodId, scopes, f);
  const order = ORDERS[sort];
  // The page's ids in the sort's order; the outer statement keeps only those and orders them again.
  const where = page
    ? sql`i.id in (select i.id from ${v.from} where ${v.where} order by ${order}
        limit ${page.limit} offset ${page.offset})`
    : v.where;
  return sql<TProgressSqlRow>`
    select i.id, i.student_id, s.first_name as student_first, s.last_name as student_last,
      coalesce(o.name, i.organization_name) as organization_name, i.status, i.hours,
      g.id as group_id, g.name as group_name, l.id as level_id, l.name as level_name,
      coalesce((select json_agg(json_build_object('id', mu.id,
          'name', concat_ws(' ', mu.first_name, mu.last_name)) order by mu.last_name, mu.id)
        from placements.mentorships m join placements.users mu on mu.id = m.mentor_id and not mu.deleted
        where m.school_id = i.school_id and m.student_id = i.student_id and not m.removed), '[]') as mentors,
      coalesce(h.confirmed_q, 0)::int as confirmed_q, coalesce(h.pending_q, 0)::int as pending_q,
      coalesce(h.rejected_q, 0)::int as rejected_q, sh.paper_quarters, d.required_hours as period_default_hours,
      i.start_date, i.end_date, i.updating_hours_allowed, sh.signed_off_at is not null as signed_off,
      (select json_agg(json_build_object('role', er.role, 'state', er.state, 'score', er.score, 'weight', er.weight)
          order by er.role)
        from placements.evaluation_responses er
        where er.evaluation_id = (select ev.id from placements.evaluations ev where ev.internship_id = i.id
          order by ev.opened_at desc limit 1)) as evaluation_parts
    from ${v.from}
      left join placements.hours_sheets sh on sh.internship_id = i.id
      left join placements.hours_period_defaults d on d.internship_period_id = i.internship_period_id
      left join lateral (
        select sum(e.quarters) filter (where e.status = 'confirmed') as confirmed_q,
          sum(e.quarters) filter (where e.status = 'pending') as pending_q,
          sum(e.quarters) filter (where e.status = 'rejected') as rejected_q
        from placements.hours_entries e where e.internship_id = i.id) h on true
    where ${where}
    order by ${order}`;
}

/** How many internships the filters leave (the page's `meta.total`), without any figures. */
export function progressCountSql(
  periodId: string,
  scopes: readonly TInternshipScope[],
  f: TProgressFilters,
): RawBuilder<{ total: number }> {
  const v = visible(periodId, scopes, f);
  return sql<{ total: number }>`select count(*)::int as total from ${v.from} where ${v.where}`;
}

export interface TProgressOptionsRow {
  groups: { id: string; name: string }[];
  levels: { id: string; name: string }[];
  mentors: { id: string; name: string }[];
}

/**
 * The filters' choices: the groups, levels and mentors of every internship of the period the caller
 * sees (without filters), so a paged screen offers all of them, not only the current page's.
 */
export function progressOptionsSql(
  periodId: string,
  scopes: readonly TInternshipScope[],
): RawBuilder<TProgressOptionsRow> {
  const v = visible(periodId, scopes, {});
  const options = (idCol: string, nameCol: string, from: RawBuilder<unknown>) =>
    sql`coalesce((select json_agg(json_build_object('id', x.id, 'name', x.name) order by x.name, x.id)
      from (select distinct ${sql.raw(idCol)} as id, ${sql.raw(nameCol)} as name ${from}
        where ${sql.raw(idCol)} is not null) x), '[]')`;
  return sql<TProgressOptionsRow>`
    with vis as materialized (select i.school_id, i.student_id, g.id as group_id, g.name as group_name,
        l.id as level_id, l.name as level_name from ${v.from} where ${v.where})
    select ${options('group_id', 'group_name', sql`from vis`)} as groups,
      ${options('level_id', 'level_name', sql`from vis`)} as levels,
      ${options(
        'mu.id',
        "concat_ws(' ', mu.first_name, mu.last_name)",
        sql`from vis join placements.mentorships m on m.school_id = vis.school_id
          and m.student_id = vis.student_id and not m.removed
          join placements.users mu on mu.id = m.mentor_id and not mu.deleted`,
      )} as mentors`;
}

export interface TProgressPeriodRow {
  id: string;
  school_id: string;
  name: string;
  start_date: string;
  end_date: string;
}

export const findPeriod = (db: TDb, id: string): Promise<TProgressPeriodRow | undefined> =>
  db
    .selectFrom('placements.internship_periods')
    .select(['id', 'school_id', 'name', 'start_date', 'end_date'])
    .where('id', '=', id)
    .where('deleted', '=', false)
    .executeTakeFirst();

export const statusChanges = (db: TDb, internshipId: string) =>
  db
    .selectFrom('placements.internship_status_changes')
    .select(['from_status', 'to_status', 'reason', 'at'])
    .where('internship_id', '=', internshipId)
    .orderBy('at')
    .orderBy('id')
    .execute();

export const hoursEntries = (db: TDb, internshipId: string) =>
  db
    .selectFrom('placements.hours_entries')
    .select(['date', 'quarters', 'status', 'description'])
    .where('internship_id', '=', internshipId)
    .orderBy('date')
    .orderBy('created_at')
    .execute();
