import { csvLine } from '@stageplein/contracts/csv/csv';
import type { TLanguage } from '@stageplein/contracts/i18n/index';
import {
  ANALYTICS_CSV_COLUMNS,
  ANALYTICS_DEFAULT_PAGE_SIZE,
  ANALYTICS_DEFAULT_WEEKS,
  ANALYTICS_MAX_PAGE_SIZE,
  maySeeOrganizationAnalytics,
  maySeeSchoolAnalytics,
  PLACED_STATUSES,
  UNSIGNED_CONTRACT_STATUSES,
  type TAnalyticsQuery,
  type TAnalyticsRow,
  type TAnalyticsRowsDocument,
  type TAnalyticsRowsQuery,
  type TOrganizationAnalyticsDocument,
  type TSchoolAnalyticsDocument,
} from '@stageplein/contracts/placements/analytics';
import { behindSchedule } from '@stageplein/contracts/placements/progress-rule';
import { ApiError } from '@stageplein/kit/errors/api-error';
import type { TCaller } from '../shared/caller.ts';
import type { TCtx } from '../shared/request.ts';
import { schoolsPausing } from '../shared/organization-pauses.ts';
import {
  behindCandidates,
  drillRows,
  organizationFacts,
  organizationsByTypeAndRegion,
  schoolGroupsAndLevels,
  schoolFingerprint,
  schoolPeriods,
  schoolSummary,
  type TAnalyticsFilters,
  type TBehindCandidate,
  type TDrillPage,
  type TDrillRow,
  type TPeriodRow,
} from './analytics.repository.ts';

const isoDay = (d: Date) => d.toISOString().slice(0, 10);
const DAY = 86_400_000;
const name = (first: string | null, last: string | null) => [first, last].filter(Boolean).join(' ') || '—';
const text = (t: { nl: string; en: string } | null, lang: TLanguage) =>
  t ? (lang === 'en' && t.en) || t.nl : null;

/** The school the caller may see analytics of (contracts' rule: an admin of the approved School acted for). */
function schoolOf(caller: TCaller): string {
  if (!caller.userId) throw new ApiError('unauthorized');
  if (!maySeeSchoolAnalytics(caller.permissions, caller.current)) throw new ApiError('forbidden');
  return caller.current!.id;
}

/**
 * The period asked for (404 unless it is the school's: another school's or tenant's does not exist for
 * the caller), else the school's current one, else the next to start, else the latest.
 */
function periodOf(
  periods: readonly TPeriodRow[],
  asked: string | undefined,
  today: string,
): TPeriodRow | null {
  if (asked) {
    const period = periods.find((p) => p.id === asked);
    if (!period) throw new ApiError('not_found');
    return period;
  }
  const current = periods.find((p) => p.start_date <= today && today <= p.end_date);
  const next = [...periods]
    .filter((p) => p.start_date > today)
    .sort((a, b) => a.start_date.localeCompare(b.start_date))[0];
  return current ?? next ?? periods[0] ?? null;
}

const weeksBetween = (from: string, to: string) =>
  Math.floor((Date.parse(to) - Date.parse(from)) / (7 * DAY));

const behindOf = (c: Omit<TBehindCandidate, 'id'>, period: TPeriodRow, today: string) =>
  behindSchedule(
    {
      status: c.status,
      required: Number(c.required),
      logged: Number(c.logged),
      updatingAllowed: c.updating_allowed,
      signedOff: c.signed_off,
      start_date: c.start_date,
      end_date: c.end_date,
      period,
    },
    today,
  );

const AGE_BUCKETS = [
  { key: '0-7', max: 7 },
  { key: '8-14', max: 14 },
  { key: '15-30', max: 30 },
  { key: '31+', max: Infinity },
] as const;

interface TScope {
  filters: TAnalyticsFilters | null;
  period: TPeriodRow | null;
  periods: TPeriodRow[];
  today: string;
}

async function scopeOf(ctx: TCtx, caller: TCaller, query: TAnalyticsQuery): Promise<TScope> {
  const schoolId = schoolOf(caller);
  const today = isoDay(ctx.now);
  const periods = await schoolPeriods(ctx.db, schoolId);
  const period = periodOf(periods, query.period_id, today);
  const filters = period
    ? { schoolId, periodId: period.id, groupId: query.group_id, levelId: query.level_id }
    : null;
  return { filters, period, periods, today };
}

/**
 * The school view's documents by what they were computed from (docs/decisions/analytics.md "Cached
 * numbers"): the tenant, the school, the query, the language, the day and the fingerprint of the read
 * models. A change anywhere in them makes a new key; the oldest entries leave past the limit.
 */
const SUMMARIES = new Map<string, TSchoolAnalyticsDocument>();
const SUMMARIES_LIMIT = 500;

/** `GET /api/v1/analytics/school`: the school's numbers for a period, action numbers first. */
export async function schoolAnalytics(
  ctx: TCtx,
  caller: TCaller,
  query: TAnalyticsQuery,
): Promise<TSchoolAnalyticsDocument> {
  const schoolId = schoolOf(caller);
  const key = JSON.stringify([
    ctx.tenant.id,
    schoolId,
    query.period_id ?? null,
    query.group_id ?? null,
    query.level_id ?? null,
    query.weeks ?? null,
    ctx.lang ?? 'nl',
    isoDay(ctx.now),
    await schoolFingerprint(ctx.db, schoolId),
  ]);
  const cached = SUMMARIES.get(key);
  if (cached) return cached;
  const doc = await computeSchoolAnalytics(ctx, caller, query);
  if (SUMMARIES.size >= SUMMARIES_LIMIT) SUMMARIES.delete(SUMMARIES.keys().next().value!);
  SUMMARIES.set(key, doc);
  return doc;
}

async function computeSchoolAnalytics(
  ctx: TCtx,
  caller: TCaller,
  query: TAnalyticsQuery,
): Promise<TSchoolAnalyticsDocument> {
  const { filters, period, periods, today } = await scopeOf(ctx, caller, query);
  const schoolId = caller.current!.id;
  const weeks = query.weeks ?? ANALYTICS_DEFAULT_WEEKS;
  const options = {
    periods: periods.map((p) => ({ id: p.id, name: p.name })),
    ...(await schoolGroupsAndLevels(ctx.db, schoolId)),
  };
  const s = filters ? await schoolSummary(ctx.db, filters, ctx.now) : null;
  const behind =
    s && period ? (s.behind_candidates ?? []).filter((c) => behindOf(c, period, today)).length : 0;
  const ages = s?.contracts.ages ?? [];
  const weeksToStart = period ? weeksBetween(today, period.start_date) : 0;
  const label = (t: { nl: string; en: string } | null) => text(t, ctx.lang ?? 'nl') ?? '—';
  return {
    data: {
      type: 'school_analytics',
      id: schoolId,
      attributes: {
        period: period ? { ...period, weeks_to_start: weeksToStart } : null,
        weeks,
        start_is_near: !!period && period.start_date >= today && weeksToStart < weeks,
        action: {
          without_placement: s?.without_placement ?? 0,
          overdue_tasks: s?.overdue_tasks ?? 0,
          unsigned_contracts: s?.unsigned_contracts ?? 0,
          hours_behind: behind,
        },
        students: s?.students ?? 0,
        vacancies: s?.vacancies ?? { published: 0, filled: 0 },
        applications: s?.applications ?? { total: 0, open: 0, placed: 0, refused: 0, stopped: 0 },
        by_status: (s?.by_status ?? []).map((x) => ({ key: x.status, label: x.status, count: x.count })),
        by_phase: (s?.by_phase ?? []).map((x) => ({ key: x.id, label: label(x.name), count: x.count })),
        by_group: (s?.by_group ?? []).map((g) => ({
          id: g.id ?? 'none',
          name: g.name ?? '—',
          students: g.students,
          placed: g.placed,
        })),
        by_organization: (s?.by_organization ?? []).map((o) => ({
          // A self-found place has no organization id yet: its id is the name as its row groups it.
          id: o.id ?? (o.place !== null ? `self_found:${o.place}` : 'none'),
          name: o.name ?? '—',
          self_found: o.self_found,
          internships: o.internships,
          placed: o.placed,
        })),
        time_to_placement: {
          count: s?.ttp.count ?? 0,
          median_days: s?.ttp.median_days === null || !s ? null : Number(s.ttp.median_days),
          average_days: s?.ttp.average_days === null || !s ? null : Number(s.ttp.average_days),
        },
        hours: {
          logged: Number(s?.hours.logged ?? 0),
          confirmed: Number(s?.hours.confirmed ?? 0),
          required: Number(s?.hours.required ?? 0),
        },
        contracts: {
          out_for_signing: s?.contracts.out ?? 0,
          oldest_days: s?.contracts.oldest_days ?? null,
          by_age: AGE_BUCKETS.map((b, i) => ({
            key: b.key,
            label: b.key,
            count: ages.filter((a) => a <= b.max && (i === 0 || a > AGE_BUCKETS[i - 1]!.max)).length,
          })),
        },
        evaluations_outstanding: s?.evaluations_outstanding ?? 0,
        organizations: await organizationsByTypeAndRegion(ctx.db),
      },
    },
    meta: { today, options },
  };
}

/**
 * A page of the rows behind a metric (every row without `page`: the CSV) and their count, paged in SQL.
 * `hours_behind`: contracts' progress-rule picks from the candidates' facts (not repeated in SQL), then
 * only the page's internships are read in full.
 */
async function rowsOf(
  ctx: TCtx,
  caller: TCaller,
  query: TAnalyticsRowsQuery,
  page?: TDrillPage,
): Promise<{ rows: TAnalyticsRow[]; total: number }> {
  const { filters, period, today } = await scopeOf(ctx, caller, query);
  if (!filters || !period) return { rows: [], total: 0 };
  const lang = ctx.lang ?? 'nl';
  const metric = query.metric ?? 'all';
  const narrow = { status: query.status, organizationId: query.organization_id, selfFound: query.self_found };
  if (metric !== 'hours_behind') {
    const { rows, total } = await drillRows(ctx.db, filters, metric, ctx.now, narrow, page);
    return { rows: rows.map((r) => rowResource(r, period, today, lang)), total };
  }
  const behind = (await behindCandidates(ctx.db, filters, narrow)).filter((c) => behindOf(c, period, today));
  const picked = page ? behind.slice(page.offset, page.offset + page.limit) : behind;
  const { rows } = picked.length
    ? await drillRows(ctx.db, filters, 'hours_candidates', ctx.now, { ids: picked.map((c) => c.id) })
    : { rows: [] };
  return { rows: rows.map((r) => rowResource(r, period, today, lang)), total: behind.length };
}

function rowResource(r: TDrillRow, period: TPeriodRow, today: string, lang: TLanguage): TAnalyticsRow {
  const behind =
    r.status !== null && r.required !== null && r.hours_logged !== null
      ? behindOf(
          {
            status: r.status,
            required: r.required,
            logged: r.hours_logged,
            updating_allowed: r.updating_allowed ?? false,
            signed_off: r.signed_off ?? false,
            start_date: r.start_date,
            end_date: r.end_date,
          },
          period,
          today,
        )
      : false;
  return {
    type: 'analytics_row',
    id: r.internship_id ?? `student-${r.student_id}`,
    attributes: {
      internship_id: r.internship_id,
      student_id: r.student_id,
      student_name: name(r.first_name, r.last_name),
      group: r.group_name,
      level: r.level_name,
      organization_name: r.organization_name,
      status: r.status,
      phase: text(r.phase_name, lang),
      hours_logged: r.hours_logged === null ? null : Number(r.hours_logged),
      hours_required: r.required === null ? null : Number(r.required),
      behind_schedule: behind,
      overdue_tasks: r.overdue_tasks,
      contract_status: r.contract_status,
      contract_age_days: r.contract_age_days,
      evaluation_outstanding: r.evaluation_outstanding,
    },
  };
}

/** `GET /api/v1/analytics/school/internships`: a page of the rows behind a number. */
export async function schoolAnalyticsRows(
  ctx: TCtx,
  caller: TCaller,
  query: TAnalyticsRowsQuery,
): Promise<TAnalyticsRowsDocument> {
  const size = Math.min(query['page[size]'] ?? ANALYTICS_DEFAULT_PAGE_SIZE, ANALYTICS_MAX_PAGE_SIZE);
  const number = query['page[number]'] ?? 1;
  const { rows, total } = await rowsOf(ctx, caller, query, { limit: size, offset: (number - 1) * size });
  return { data: rows, meta: { total, page: { number, size } } };
}

const yesNo = (b: boolean) => (b ? 'ja' : 'nee');

/** `GET /api/v1/analytics/school/export`: every row behind the number as CSV (`;`, BOM, formula-safe cells). */
export async function schoolAnalyticsCsv(
  ctx: TCtx,
  caller: TCaller,
  query: TAnalyticsRowsQuery,
): Promise<string> {
  const { rows } = await rowsOf(ctx, caller, query);
  const lines = [
    csvLine(ANALYTICS_CSV_COLUMNS),
    ...rows.map(({ attributes: r }) =>
      csvLine([
        r.student_name,
        r.group,
        r.level,
        r.organization_name,
        r.status,
        r.phase,
        r.hours_logged,
        r.hours_required,
        yesNo(r.behind_schedule),
        r.overdue_tasks,
        r.contract_status,
        r.contract_age_days,
        yesNo(r.evaluation_outstanding),
      ]),
    ),
  ];
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** `GET /api/v1/analytics/organization`: the organization's vacancies, applicants, interns, hours and contracts. */
export async function organizationAnalytics(
  ctx: TCtx,
  caller: TCaller,
): Promise<TOrganizationAnalyticsDocument> {
  if (!caller.userId) throw new ApiError('unauthorized');
  if (!maySeeOrganizationAnalytics(caller.permissions, caller.current)) throw new ApiError('forbidden');
  const organizationId = caller.current!.id;
  const { vacancies, internships } = await organizationFacts(ctx.db, organizationId, ctx.now);
  const placed = internships.filter((i) => (PLACED_STATUSES as readonly string[]).includes(i.status));
  const hours = placed
    .filter((i) => Number(i.hours_pending) > 0)
    .map((i) => ({
      internship_id: i.internship_id,
      student_name: name(i.first_name, i.last_name),
      hours_pending: Number(i.hours_pending),
    }))
    .sort((a, b) => b.hours_pending - a.hours_pending);
  const contracts = internships
    .filter((i) => (UNSIGNED_CONTRACT_STATUSES as readonly (string | null)[]).includes(i.contract_status))
    .map((i) => ({
      internship_id: i.internship_id,
      student_name: name(i.first_name, i.last_name),
      status: i.contract_status!,
      age_days: i.contract_age_days ?? 0,
    }))
    .sort((a, b) => b.age_days - a.age_days);
  return {
    data: {
      type: 'organization_analytics',
      id: organizationId,
      attributes: {
        totals: {
          vacancies_published: vacancies.filter((v) => v.status === 'published').length,
          applicants: internships.length - placed.length,
          interns: placed.length,
          hours_to_confirm: hours.reduce((sum, h) => sum + h.hours_pending, 0),
          contracts_to_sign: contracts.length,
        },
        vacancies,
        hours_to_confirm: hours,
        contracts_to_sign: contracts,
        not_shown_to_schools: (await schoolsPausing(ctx.db, organizationId)).map((s) => ({
          id: s.id,
          name: s.name ?? '',
        })),
      },
    },
  };
}
