import { z } from 'zod';
import { zDate } from '../validation/dates.ts';
import { ZRelationship, ZResource, zCollectionOf, zDocumentOf, type TQuerySpec } from '../jsonapi/jsonapi.ts';

/** Spec §3 Internship period.status. */
export const INTERNSHIP_PERIOD_STATUSES = ['active', 'archived'] as const;
export type TInternshipPeriodStatus = (typeof INTERNSHIP_PERIOD_STATUSES)[number];
export const ZInternshipPeriodStatus = z.enum(INTERNSHIP_PERIOD_STATUSES);

/** A period as the front ends read it (camelCase, spec §3); the server maps its rows to this. */
export interface TPeriodRef {
  id: string;
  status: string;
  schoolId: string;
  schoolYearId: string;
  startDate: string;
  endDate: string;
  name?: string | null;
}

/** A school year with the flags of `GET /api/v1/school_years`. */
export interface TSchoolYearRef {
  id: string;
  isCurrent: boolean;
  isNext: boolean;
}

export interface TInScopeContext {
  schoolYears: readonly TSchoolYearRef[];
  /** The current organization's id when it is a School: its users are "school users" (spec §4). */
  schoolId?: string | null;
}

/** List order of periods: earliest start first, then name, then id. */
export function comparePeriods(a: TPeriodRef, b: TPeriodRef): number {
  if (a.startDate !== b.startDate) return a.startDate < b.startDate ? -1 : 1;
  const byName = (a.name ?? '').localeCompare(b.name ?? '', 'nl');
  return byName || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/**
 * Spec §4 in-scope periods: a school user sees the school's own periods, others see active periods;
 * only periods of the current or next school year count. Sorted by `comparePeriods`. The server's
 * `GET /api/v1/internship_periods` applies the same rule in SQL.
 */
export function inScopePeriods<P extends TPeriodRef>(periods: readonly P[], context: TInScopeContext): P[] {
  const years = new Set(context.schoolYears.filter((y) => y.isCurrent || y.isNext).map((y) => y.id));
  const schoolId = context.schoolId ?? null;
  return periods
    .filter((p) => years.has(p.schoolYearId))
    .filter((p) => (schoolId ? p.schoolId === schoolId : p.status === 'active'))
    .sort(comparePeriods);
}

/**
 * The server's current period for a student (`GET /api/v1/internship_periods/current`), among the
 * active periods of their school in scope: the one running today (the latest started when several
 * overlap), else the next to start, else the one that ended last. `today` is YYYY-MM-DD.
 */
export function currentPeriodOn<P extends TPeriodRef>(periods: readonly P[], today: string): P | undefined {
  const active = periods.filter((p) => p.status === 'active').sort(comparePeriods);
  const running = active.filter((p) => p.startDate <= today && today <= p.endDate);
  if (running.length) return running[running.length - 1];
  const upcoming = active.find((p) => p.startDate > today);
  if (upcoming) return upcoming;
  return [...active].sort((a, b) => (a.endDate < b.endDate ? -1 : a.endDate > b.endDate ? 1 : 0)).at(-1);
}

/** Spec §4 current internship period: a student's comes from the server, anyone else's is the first in scope. */
export function currentInternshipPeriod<P extends TPeriodRef>(input: {
  isStudent: boolean;
  serverCurrent: P | null | undefined;
  inScope: readonly P[];
}): P | undefined {
  return input.isStudent ? (input.serverCurrent ?? undefined) : input.inScope[0];
}

// ---------------------------------------------------------------------------------------------
// Wire schemas
// ---------------------------------------------------------------------------------------------

export const ZInternshipPeriodAttributes = z.object({
  name: z.string(),
  status: ZInternshipPeriodStatus,
  school_id: z.string(),
  school_year_id: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TInternshipPeriodAttributes = z.infer<typeof ZInternshipPeriodAttributes>;

export const ZInternshipPeriodResource = ZResource.extend({
  type: z.literal('internship_period'),
  attributes: ZInternshipPeriodAttributes,
  relationships: z.object({ school: ZRelationship, school_year: ZRelationship }),
});
export type TInternshipPeriodResource = z.infer<typeof ZInternshipPeriodResource>;
export const ZInternshipPeriodDocument = zDocumentOf(ZInternshipPeriodResource);
/** `GET /internship_periods/current` answers `data: null` when there is none. */
export const ZInternshipPeriodOrNullDocument = zDocumentOf(ZInternshipPeriodResource.nullable());
export const ZInternshipPeriodCollection = zCollectionOf(ZInternshipPeriodResource);

const ZPeriodType = z.enum(['internship_period', 'internship_periods']);

export const ZInternshipPeriodInput = z
  .object({
    name: z.string().trim().min(1).max(200),
    start_date: zDate(),
    end_date: zDate(),
    /** Default: the school year that contains `start_date`. */
    school_year_id: z.uuid().optional(),
    /** Default and only allowed value: the current organization (a School). */
    school_id: z.uuid().optional(),
    status: ZInternshipPeriodStatus.optional(),
  })
  .strict();

export const ZInternshipPeriodCreateBody = z.object({
  data: z.object({ type: ZPeriodType, attributes: ZInternshipPeriodInput }),
});
export const ZInternshipPeriodUpdateBody = z.object({
  data: z.object({
    type: ZPeriodType,
    id: z.string().optional(),
    attributes: ZInternshipPeriodInput.partial(),
  }),
});

/** GET /api/v1/internship_periods: what the route accepts and the admin sends. */
export const INTERNSHIP_PERIODS_QUERY: TQuerySpec = {
  filters: { school_id: ['eq'], school_year_id: ['eq', 'in'], status: ['eq'] },
  scopes: ['all_years'],
};
