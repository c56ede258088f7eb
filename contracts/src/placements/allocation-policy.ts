import type { TPermissions } from '../identity/permissions.ts';
import type { TCurrentOrganizationFacts } from '../organizations/moderation.ts';
import { mayAssignInternships } from './internship-policy.ts';
import type { TAllocationRoundAction, TAllocationRoundStatus } from './allocation-rounds.ts';

/**
 * Who may do what with allocation rounds and assignments (docs/decisions/allocation.md). Pure, so the
 * portal offers exactly what the placements service allows.
 *
 * - **Managing** (assign, create a round, run, adjust, publish, read the proposal): an admin acting for
 *   the round's own approved School (`mayAssignInternships`, plus ownership of the round).
 * - **Ranking**: a student acting for the round's School, eligible by group or level (the server checks
 *   eligibility against its read models), while the round accepts preferences.
 */

type TCurrent = TCurrentOrganizationFacts | null | undefined;

export interface TAllocationRoundFacts {
  schoolId: string;
  status: TAllocationRoundStatus;
  deadline: Date;
}

/** The caller manages the school's rounds (`schoolId` omitted: any round of their current school). */
export const managesAllocation = (permissions: TPermissions, current: TCurrent, schoolId?: string): boolean =>
  mayAssignInternships(permissions, current) && (schoolId === undefined || current?.id === schoolId);

/** A student of the round's school (eligibility by group or level is the server's question). */
export const studentOfRound = (permissions: TPermissions, current: TCurrent, schoolId: string): boolean =>
  permissions.isStudent && current?.type === 'School' && current.id === schoolId;

/** Open and before the deadline: students may (re)submit their ranking. */
export const acceptsPreferences = (
  round: Pick<TAllocationRoundFacts, 'status' | 'deadline'>,
  now: Date,
): boolean => round.status === 'open' && now.getTime() < round.deadline.getTime();

/**
 * Why a student can no longer rank (null: they can): the school ran the allocation (`allocated`,
 * which closes ranking even before the deadline), published it, or the deadline passed. A student is
 * told which: "the deadline has passed" for a round closed early was wrong (issue #30).
 */
export function rankingClosedReason(
  round: Pick<TAllocationRoundFacts, 'status' | 'deadline'>,
  now: Date,
): 'allocated' | 'published' | 'deadline' | null {
  if (round.status === 'published') return 'published';
  if (round.status === 'closed') return 'allocated';
  return acceptsPreferences(round, now) ? null : 'deadline';
}

/** Run (again) until published; publish once a proposal exists. */
export function allowsRoundAction(
  round: Pick<TAllocationRoundFacts, 'status'> & { allocated: boolean },
  action: TAllocationRoundAction,
): boolean {
  if (action === 'run') return round.status !== 'published';
  return round.status === 'closed' && round.allocated;
}

/** Lines of the proposal can be moved while it is not published. */
export const allowsAdjusting = (round: Pick<TAllocationRoundFacts, 'status'>): boolean =>
  round.status === 'closed';
