import { hoursOf, hoursTotals, requiredHours } from '@stageplein/contracts/placements/hours-policy';
import { internshipScopes } from '@stageplein/contracts/placements/internship-policy';
import {
  behindSchedule,
  elapsedShare,
  expectedHours,
  PROGRESS_CSV_COLUMNS,
  PROGRESS_DEFAULT_PAGE_SIZE,
  PROGRESS_MAX_PAGE_SIZE,
  type TProgressDocument,
  type TProgressQuery,
  type TProgressResource,
  type TProgressTimelineDocument,
  type TProgressTimelineEvent,
} from '@stageplein/contracts/placements/progress';
import { csvLine } from '@stageplein/contracts/csv/csv';
import type { TLanguage } from '@stageplein/contracts/i18n/index';
import { progressEvaluation } from '../evaluations/index.ts';
import { contractsOfInternships } from '../internship-contracts/index.ts';
import { ApiError } from '@stageplein/kit/errors/api-error';
import type { TCaller } from '../shared/caller.ts';
import type { TCtx } from '../shared/request.ts';
import {
  findPeriod,
  hoursEntries,
  progressRows,
  statusChanges,
  type TProgressFilters,
  type TProgressPeriodRow,
  type TProgressSqlRow,
} from './progress.repository.ts';

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/**
 * The period when the caller's current organization is its school; otherwise it does not exist for
 * them (another school's period, another tenant's by RLS).
 */
export async function periodFor(ctx: TCtx, caller: TCaller, periodId: string): Promise<TProgressPeriodRow> {
  const period = await findPeriod(ctx.db, periodId);
  const current = caller.current;
  if (!period || !caller.userId || current?.type !== 'School' || current.id !== period.school_id)
    throw new ApiError('not_found');
  return period;
}

/**
 * The internship policy's list scopes without the workplace organization's: progress is the school's
 * view (a student their own, a mentor their mentees', a school admin the school's).
 */
export const progressScopes = (caller: TCaller) =>
  internshipScopes({
    userId: caller.userId,
    permissions: caller.permissions,
    current: caller.current,
  }).filter((s) => s.kind !== 'organization');

/** One row's figures: hours-policy's totals over the SQL sums, plus the behind rule. */
export function rowOf(
  r: TProgressSqlRow,
  period: TProgressPeriodRow,
  today: string,
  evaluations = false,
  lang: TLanguage = 'nl',
): TProgressResource {
  const totals = hoursTotals(
    [
      { quarters: r.confirmed_q, status: 'confirmed' },
      { quarters: r.pending_q, status: 'pending' },
      { quarters: r.rejected_q, status: 'rejected' },
    ],
    requiredHours(r.hours, r.period_default_hours),
    r.paper_quarters,
  );
  const schedule = {
    status: r.status,
    required: totals.required,
    logged: totals.logged,
    updatingAllowed: r.updating_hours_allowed,
    signedOff: r.signed_off,
    start_date: r.start_date,
    end_date: r.end_date,
    period,
  };
  const attributes = {
    student_id: r.student_id,
    student_name: [r.student_first, r.student_last].filter(Boolean).join(' ') || '—',
    organization_name: r.organization_name,
    status: r.status,
    group: r.group_id && r.group_name ? { id: r.group_id, name: r.group_name } : null,
    level: r.level_id && r.level_name ? { id: r.level_id, name: r.level_name } : null,
    mentors: r.mentors,
    hours_logged: totals.logged,
    hours_confirmed: totals.confirmed,
    hours_pending: totals.pending,
    hours_required: totals.required,
    percent: totals.percent,
    behind_schedule: behindSchedule(schedule, today),
    schedule_judged: expectedHours(schedule, today) !== null,
    phase: r.phase
      ? {
          id: r.phase.id,
          name: (lang === 'en' && r.phase.name.en) || r.phase.name.nl,
          status: r.phase.status,
        }
      : null,
    contract: null,
    evaluation: evaluations ? progressEvaluation(r.evaluation_parts) : null,
  };
  return { type: 'internship_progress', id: r.id, attributes };
}

export const periodMeta = (period: TProgressPeriodRow, today: string) => ({
  id: period.id,
  name: period.name,
  start_date: period.start_date,
  end_date: period.end_date,
  today,
  elapsed_share: elapsedShare(period.start_date, period.end_date, today),
});

const filtersOf = (q: TProgressQuery): TProgressFilters => ({
  groupId: q.group_id,
  levelId: q.level_id,
  mentorId: q.mentor_id,
});

/** The rows' contract (internship-contracts' status of each internship); none on tenants that use hours. */
async function withContracts(ctx: TCtx, rows: TProgressResource[]): Promise<TProgressResource[]> {
  if (!ctx.tenant.features.traineeship || rows.length === 0) return rows;
  const contracts = await contractsOfInternships(
    ctx,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({ ...r, attributes: { ...r.attributes, contract: contracts.get(r.id) ?? null } }));
}

/** The asked page, the size capped (contracts' PROGRESS_MAX_PAGE_SIZE, as other collections cap theirs). */
export const pageOf = (q: TProgressQuery) => {
  const size = Math.min(q['page[size]'] ?? PROGRESS_DEFAULT_PAGE_SIZE, PROGRESS_MAX_PAGE_SIZE);
  const number = q['page[number]'] ?? 1;
  return { number, size, limit: size, offset: (number - 1) * size };
};

/** The rule's flag against the `behind` filter (not repeated in SQL: contracts' progress-rule decides). */
const behindMatches = (query: TProgressQuery) => (r: TProgressResource) =>
  query.behind === undefined || r.attributes.behind_schedule === (query.behind === 'true');

/**
 * `GET /api/v1/progress/periods/{periodId}`: one page. The page's rows, the total and the filters'
 * choices are one statement (`progressSql`), the mentors, sums and evaluation computed for the page's
 * rows only. The behind filter is the rule's result per row (contracts' progress-rule, not repeated in
 * SQL): with it, every row of the other filters is computed and the page cut from the flagged ones.
 */
export async function periodProgress(
  ctx: TCtx,
  caller: TCaller,
  periodId: string,
  query: TProgressQuery,
): Promise<TProgressDocument> {
  const period = await periodFor(ctx, caller, periodId);
  const today = isoDay(ctx.now);
  const page = pageOf(query);
  const behind = query.behind !== undefined;
  const result = await progressRows(
    ctx.db,
    period.id,
    progressScopes(caller),
    filtersOf(query),
    query.sort ?? 'student_name',
    { page: behind ? undefined : page, meta: true },
  );
  let data = result.rows.map((r) => rowOf(r, period, today, ctx.tenant.features.evaluationForms, ctx.lang));
  let total = result.total;
  if (behind) {
    data = data.filter(behindMatches(query));
    total = data.length;
    data = data.slice(page.offset, page.offset + page.limit);
  }
  return {
    data: await withContracts(ctx, data),
    meta: {
      period: periodMeta(period, today),
      total,
      page: { number: page.number, size: page.size },
      options: result.options,
    },
  };
}

const yesNo = (b: boolean) => (b ? 'ja' : 'nee');

/** Every row (same filters and sort, never paged) as CSV (`;`, UTF-8 with BOM, formula-safe cells by contracts' csv). */
export async function periodProgressCsv(
  ctx: TCtx,
  caller: TCaller,
  periodId: string,
  query: TProgressQuery,
): Promise<string> {
  const period = await periodFor(ctx, caller, periodId);
  const today = isoDay(ctx.now);
  const { rows } = await progressRows(
    ctx.db,
    period.id,
    progressScopes(caller),
    filtersOf(query),
    query.sort ?? 'student_name',
  );
  const data = rows
    .map((r) => rowOf(r, period, today, ctx.tenant.features.evaluationForms, ctx.lang))
    .filter(behindMatches(query));
  const lines = [
    csvLine(PROGRESS_CSV_COLUMNS),
    ...data.map(({ attributes: r }) =>
      csvLine([
        r.student_name,
        r.group?.name,
        r.level?.name,
        r.mentors.map((m) => m.name).join(', '),
        r.organization_name,
        r.status,
        r.hours_logged,
        r.hours_confirmed,
        r.hours_required,
        r.percent,
        yesNo(r.behind_schedule),
        r.evaluation?.state,
        r.phase?.name,
      ]),
    ),
  ];
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** `GET …/internships/{internshipId}`: the row (same visibility) and its status changes and hours by date. */
export async function internshipTimeline(
  ctx: TCtx,
  caller: TCaller,
  periodId: string,
  internshipId: string,
): Promise<TProgressTimelineDocument> {
  const period = await periodFor(ctx, caller, periodId);
  const today = isoDay(ctx.now);
  const {
    rows: [row],
  } = await progressRows(ctx.db, period.id, progressScopes(caller), { internshipId });
  if (!row) throw new ApiError('not_found');
  const [changes, entries] = await Promise.all([
    statusChanges(ctx.db, internshipId),
    hoursEntries(ctx.db, internshipId),
  ]);
  const events: TProgressTimelineEvent[] = [
    ...changes.map((c) => ({
      kind: 'status' as const,
      at: c.at.toISOString(),
      from_status: c.from_status,
      to_status: c.to_status,
      reason: c.reason,
    })),
    ...entries.map((e) => ({
      kind: 'hours' as const,
      at: e.date,
      hours: hoursOf(e.quarters),
      status: e.status,
      description: e.description,
    })),
  ];
  // By day (UTC); on one day the status change comes before that day's hours; each list keeps its order.
  const day = (ev: TProgressTimelineEvent) => ev.at.slice(0, 10);
  const rank = (ev: TProgressTimelineEvent) => (ev.kind === 'status' ? 0 : 1);
  const sorted = events
    .map((ev, i) => ({ ev, i }))
    .sort((a, b) => day(a.ev).localeCompare(day(b.ev)) || rank(a.ev) - rank(b.ev) || a.i - b.i)
    .map((x) => x.ev);
  const [withContract] = await withContracts(ctx, [
    rowOf(row, period, today, ctx.tenant.features.evaluationForms, ctx.lang),
  ]);
  const { id, attributes } = withContract!;
  return {
    data: { type: 'internship_timeline', id, attributes: { ...attributes, events: sorted } },
    meta: { period: periodMeta(period, today) },
  };
}
