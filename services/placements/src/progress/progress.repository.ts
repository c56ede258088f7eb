import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import type { TInternshipScope } from '@stageplein/contracts/placements/internship-policy';
import type { TInternshipStatus } from '@stageplein/contracts/placements/internships';
import type { TProgressSort } from '@stageplein/contracts/placements/progress';
import type {
  TEvaluationResponseState,
  TEvaluationRole,
} from '@stageplein/contracts/placements/evaluation-policy';
import type { TDb } from '../database.ts';
import { scopeCondition } from '../internships/index.ts';

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
  /** The current phase (phase-runs' read model; docs/decisions/phases.md "Runtime"); null: none. */
  phase: { id: string; name: { nl: string; en: string }; status: string } | null;
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

/** The sort's SQL order over `vis`; every order ends in the student's name and the internship's id (stable pages). */
const ORDERS: Record<TProgressSort, RawBuilder<unknown>> = {
  student_name: sql`v.student_last nulls last, v.student_first, v.id`,
  '-student_name': sql`v.student_last desc nulls last, v.student_first desc, v.id desc`,
  organization_name: sql`v.organization_name nulls last, v.student_last nulls last, v.student_first, v.id`,
  '-organization_name': sql`v.organization_name desc nulls last, v.student_last nulls last, v.student_first, v.id`,
  group: sql`v.group_name nulls last, v.student_last nulls last, v.student_first, v.id`,
  '-group': sql`v.group_name desc nulls last, v.student_last nulls last, v.student_first, v.id`,
};

export interface TProgressOptionsRow {
  groups: { id: string; name: string }[];
  levels: { id: string; name: string }[];
  mentors: { id: string; name: string }[];
}

/** What the statement asks beyond the rows: a page (limit/offset in the sort's order) and/or the meta. */
export interface TProgressStatementOptions {
  page?: TProgressPage | undefined;
  /** `meta.total` (the filtered rows over all pages) and `meta.options` (the filters' choices). */
  meta?: boolean;
}

/** The statement's answer: the rows, and with `meta` the total and the filters' choices. */
export interface TProgressResult {
  rows: TProgressSqlRow[];
  total: number;
  options: TProgressOptionsRow;
}

/** A statement row: one of the rows, or with `meta` a past-the-end page's single row of nulls. */
export type TProgressStatementRow = { [K in keyof TProgressSqlRow]: TProgressSqlRow[K] | null } & {
  total: number | null;
  options: TProgressOptionsRow | null;
};

/**
 * The period's internships the scopes reveal, their page (or every row), the total and the filters'
 * choices in ONE statement (one round trip in the request's RLS transaction):
 * - `vis` (materialized): the period's internships under the scopes, joined once to the student,
 *   workplace, group membership → group → level read models — the cheap columns the filters, sorts
 *   and rows need. The timeline's internship id narrows it already (it never asks for the meta).
 * - `options`: the groups, levels and mentors of all of `vis` (no filters), so a paged screen offers
 *   every choice, not only the current page's.
 * - `fv`: `vis` under the filters; `total` counts it; `pg` picks the page's rows in the sort's order.
 * - only for `pg`'s rows: mentors as a JSON array, the hours entries summed per status by a lateral
 *   aggregate over the `(internship_id)` index, the sheet, the period's default and the evaluation.
 * Like `internshipsPageSql`, the meta row is left-joined to the rows, so a page past the end is one row
 * of nulls with the total; the choices ride on the first row only. The behind filter is applied after
 * the arithmetic (hours-policy), by the service. The benchmark's bare route runs exactly this (infra/bench).
 */
export function progressSql(
  periodId: string,
  scopes: readonly TInternshipScope[],
  f: TProgressFilters,
  sort: TProgressSort = 'student_name',
  opts: TProgressStatementOptions = {},
): RawBuilder<TProgressStatementRow> {
  const base: Expression<SqlBool>[] = [
    sql<SqlBool>`i.internship_period_id = ${periodId}`,
    scopes.length ? sql<SqlBool>`(${sql.join(scopes.map(scopeCondition), sql` or `)})` : sql<SqlBool>`false`,
  ];
  if (f.internshipId) base.push(sql<SqlBool>`i.id = ${f.internshipId}`);
  const filters: Expression<SqlBool>[] = [sql<SqlBool>`true`];
  if (f.groupId) filters.push(sql<SqlBool>`v.group_id = ${f.groupId}`);
  if (f.levelId) filters.push(sql<SqlBool>`v.level_id = ${f.levelId}`);
  if (f.mentorId)
    filters.push(sql<SqlBool>`exists (select 1 from placements.mentorships fm
      where fm.school_id = v.school_id and fm.student_id = v.student_id and fm.mentor_id = ${f.mentorId}
        and not fm.removed)`);
  const order = ORDERS[sort];
  const page = opts.page ? sql`limit ${opts.page.limit} offset ${opts.page.offset}` : sql``;
  const choices = (idCol: string, nameCol: string, from: RawBuilder<unknown>) =>
    sql`coalesce((select json_agg(json_build_object('id', x.id, 'name', x.name) order by x.name, x.id)
      from (select distinct ${sql.raw(idCol)} as id, ${sql.raw(nameCol)} as name ${from}
        where ${sql.raw(idCol)} is not null) x), '[]')`;
  const meta = opts.meta
    ? sql`select (select count(*) from fv)::int as total, json_build_object(
        'groups', ${choices('group_id', 'group_name', sql`from vis`)},
        'levels', ${choices('level_id', 'level_name', sql`from vis`)},
        'mentors', ${choices(
          'mu.id',
          "concat_ws(' ', mu.first_name, mu.last_name)",
          sql`from vis join placements.mentorships m on m.school_id = vis.school_id
            and m.student_id = vis.student_id and not m.removed
            join placements.users mu on mu.id = m.mentor_id and not mu.deleted`,
        )}) as options`
    : sql`select null::int as total, null::json as options`;
  return sql<TProgressStatementRow>`
    with vis as materialized (
      select i.id, i.school_id, i.student_id, i.internship_period_id, i.status, i.hours, i.start_date,
        i.end_date, i.updating_hours_allowed, i.current_phase_id, s.first_name as student_first, s.last_name as student_last,
        coalesce(o.name, i.organization_name) as organization_name,
        g.id as group_id, g.name as group_name, l.id as level_id, l.name as level_name
      from placements.internships i
        left join placements.users s on s.id = i.student_id and not s.deleted
        left join placements.organizations o on o.id = i.organization_id and not o.deleted
        left join placements.group_memberships gm on gm.school_id = i.school_id and gm.student_id = i.student_id
        left join placements.groups g on g.id = gm.group_id and not g.deleted
        left join placements.levels l on l.id = g.level_id and not l.deleted
      where ${sql.join(base, sql` and `)}),
    fv as (select v.* from vis v where ${sql.join(filters, sql` and `)}),
    pg as (select v.*, row_number() over (order by ${order}) as n from fv v order by ${order} ${page}),
    meta as (${meta})
    select mt.total, case when row_number() over (order by r.n) = 1 then mt.options end as options,
      r.id, r.student_id, r.student_first, r.student_last, r.organization_name, r.status, r.hours,
      r.group_id, r.group_name, r.level_id, r.level_name, r.mentors, r.confirmed_q, r.pending_q,
      r.rejected_q, r.paper_quarters, r.period_default_hours, r.start_date, r.end_date,
      r.updating_hours_allowed, r.signed_off, r.evaluation_parts, r.phase
    from meta mt left join lateral (
      select p.*,
        coalesce((select json_agg(json_build_object('id', mu.id,
            'name', concat_ws(' ', mu.first_name, mu.last_name)) order by mu.last_name, mu.id)
          from placements.mentorships m join placements.users mu on mu.id = m.mentor_id and not mu.deleted
          where m.school_id = p.school_id and m.student_id = p.student_id and not m.removed), '[]') as mentors,
        coalesce(h.confirmed_q, 0)::int as confirmed_q, coalesce(h.pending_q, 0)::int as pending_q,
        coalesce(h.rejected_q, 0)::int as rejected_q, sh.paper_quarters,
        d.required_hours as period_default_hours, sh.signed_off_at is not null as signed_off,
        (select json_agg(json_build_object('role', er.role, 'state', er.state, 'score', er.score,
            'weight', er.weight) order by er.role)
          from placements.evaluation_responses er
          where er.evaluation_id = (select ev.id from placements.evaluations ev where ev.internship_id = p.id
            order by ev.opened_at desc limit 1)) as evaluation_parts,
        (select json_build_object('id', ph.phase_id, 'name', ph.name, 'status', ph.status)
          from placements.internship_phases ph
          where ph.internship_id = p.id and ph.phase_id = p.current_phase_id
          order by ph.entry desc limit 1) as phase
      from pg p
        left join placements.hours_sheets sh on sh.internship_id = p.id
        left join placements.hours_period_defaults d on d.internship_period_id = p.internship_period_id
        left join lateral (
          select sum(e.quarters) filter (where e.status = 'confirmed') as confirmed_q,
            sum(e.quarters) filter (where e.status = 'pending') as pending_q,
            sum(e.quarters) filter (where e.status = 'rejected') as rejected_q
          from placements.hours_entries e where e.internship_id = p.id) h on true
    ) r on true
    order by r.n`;
}

const EMPTY_OPTIONS: TProgressOptionsRow = { groups: [], levels: [], mentors: [] };

/** The statement's rows as the result (the row of nulls of a past-the-end page dropped). */
export function progressResult(rows: readonly TProgressStatementRow[]): TProgressResult {
  return {
    rows: rows.filter((r) => r.id !== null) as TProgressSqlRow[],
    total: rows[0]?.total ?? 0,
    options: rows[0]?.options ?? EMPTY_OPTIONS,
  };
}

/** `progressSql` run on the request's connection. */
export async function progressRows(
  db: TDb,
  periodId: string,
  scopes: readonly TInternshipScope[],
  f: TProgressFilters,
  sort: TProgressSort = 'student_name',
  opts: TProgressStatementOptions = {},
): Promise<TProgressResult> {
  return progressResult((await progressSql(periodId, scopes, f, sort, opts).execute(db)).rows);
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
