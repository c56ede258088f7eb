/**
 * Which internship period an internship belongs to (issue #30 item 1, docs/decisions/internships.md
 * "The internship's period"). Progress, the evaluation template and the hours target all hang off the
 * period, so an approved internship needs one. Pure and zod-free: the server settles the period with
 * it at approval (and in the back-fill's SQL twin), the portal preselects the same choice.
 */
import { comparePeriods, currentPeriodOn, type TPeriodRef } from '../organizations/internship-periods.ts';
import { HOURS_RUNNING_STATUSES } from './hours-policy.ts';
import type { TInternshipAction, TInternshipStatus } from './internships.ts';

/** Internships in these statuses need a period: approved and later, the statuses whose hours run. */
export const PERIOD_NEEDED_STATUSES: readonly TInternshipStatus[] = HOURS_RUNNING_STATUSES;

export interface TInternshipPeriodChoice<P extends TPeriodRef> {
  /** The school's active periods the internship may get, in list order. */
  choices: P[];
  /** The period to preselect (and to take when nobody chooses); undefined when there are no choices. */
  suggested: P | undefined;
  /** True when only one period fits, so it may be set without asking anyone (the back-fill). */
  unambiguous: boolean;
}

/**
 * `periods`: the School's periods in scope for its users (spec §4's `inScopePeriods` with the
 * internship's school: the current and next school year). Only active ones are offered. A period
 * fits an internship with a start date when that date lies in it; one without dates fits any. The
 * suggestion is the fitting period by the student's current-period rule (`currentPeriodOn`: running
 * on the internship's start, else today; else the next to start), else that rule over all choices.
 */
export function internshipPeriodChoice<P extends TPeriodRef>(
  periods: readonly P[],
  internship: { startDate: string | null },
  today: string,
): TInternshipPeriodChoice<P> {
  const choices = periods.filter((p) => p.status === 'active').sort(comparePeriods);
  const start = internship.startDate;
  const fitting = start ? choices.filter((p) => p.startDate <= start && start <= p.endDate) : choices;
  const suggested = fitting.length
    ? currentPeriodOn(fitting, start ?? today)
    : currentPeriodOn(choices, start ?? today);
  return { choices, suggested, unambiguous: fitting.length === 1 };
}

/** The step at which the school confirms or chooses the period (`internship_period_id` in its body). */
export const PERIOD_CHOSEN_AT = 'approve' satisfies TInternshipAction;
