/**
 * Internship progress rules (stagevoortgang, issue #17 item 4, docs/decisions/progress.md). Pure and
 * without zod so the portal's progress screens import it cheaply. The hours figures themselves come
 * from hours-policy's `hoursTotals`, the "behind schedule" rule from progress-rule.ts.
 */

import type { TPermissions } from '../identity/permissions.ts';
import type { TInternshipStatus } from './internships.ts';

export * from './progress-rule.ts';

/** The columns of the CSV export, in order (names in Dutch: the school's spreadsheet). */
export const PROGRESS_CSV_COLUMNS = [
  'leerling',
  'groep',
  'niveau',
  'mentor',
  'stageplek',
  'status',
  'uren_gelogd',
  'uren_bevestigd',
  'uren_vereist',
  'procent',
  'achter_op_schema',
  /** The evaluation's state (`none | open | partly_submitted | submitted`); empty where the tenant has none. */
  'evaluatie',
  /** The phase the internship stands in (its workflow's current phase, in the caller's language); empty: none. */
  'fase',
] as const;

/** The list's page size when none is asked, and the most a page holds (larger asks are capped). */
export const PROGRESS_DEFAULT_PAGE_SIZE = 50;
export const PROGRESS_MAX_PAGE_SIZE = 100;
/** Sorts of the list (SQL, before paging); every one ends in the student's name and the internship's id. */
export const PROGRESS_SORTS = [
  'student_name',
  '-student_name',
  'organization_name',
  '-organization_name',
  'group',
  '-group',
] as const;

/** What a student's own progress view (issue #30 item 7) says comes next for one internship. */
export type TStudentNextStep =
  | 'wait_organization'
  | 'wait_school'
  | 'no_period'
  | 'evaluation'
  | 'starts'
  | 'log_hours'
  | 'hours_done'
  | 'completed'
  | 'closed';

const CLOSED_STATUSES: readonly TInternshipStatus[] = ['declined', 'rejected', 'withdrawn', 'cancelled'];

/**
 * The student's next step: waiting for the organization (applied) or the school (submitted,
 * accepted); once approved, the school must still link a period (no period: no hours target, no
 * evaluation), then their own part of an opened evaluation, else the hours until the requirement is
 * logged. A refused or stopped one is closed — never "on schedule".
 */
export function studentNextStep(f: {
  status: TInternshipStatus;
  hasPeriod: boolean;
  required: number | null;
  logged: number;
  evaluation: { state: string; asked: readonly string[]; submitted: readonly string[] } | null;
}): TStudentNextStep {
  if (CLOSED_STATUSES.includes(f.status)) return 'closed';
  if (f.status === 'applied') return 'wait_organization';
  if (f.status === 'submitted' || f.status === 'accepted') return 'wait_school';
  if (!f.hasPeriod) return 'no_period';
  const e = f.evaluation;
  if (e && e.state !== 'none' && e.asked.includes('student') && !e.submitted.includes('student'))
    return 'evaluation';
  if (f.status === 'completed') return 'completed';
  if (f.status === 'approved') return 'starts';
  return f.required !== null && f.required > 0 && f.logged >= f.required ? 'hours_done' : 'log_hours';
}

/** Whose progress pages these are (`/stagevoortgang`): a School's admin, a mentor, a student, or nobody's. */
export type TProgressViewer = 'school' | 'mentor' | 'student' | 'other';

/**
 * A School's admin gets the period table, a mentor their mentees' rows, a student (not also staff) their
 * own view; anyone not acting for a School none. The first of the internship policy's list scopes
 * without the workplace organization's, as the server's progress list takes them
 * (`internshipScopes`; progress-policy.test.ts holds the two equal); here without its zod-typed imports.
 */
export function progressViewerOf(
  permissions: Pick<TPermissions, 'isSchoolAdmin' | 'isMentor' | 'isStudent'>,
  current: { type?: string | null } | null | undefined,
): TProgressViewer {
  if (current?.type !== 'School') return 'other';
  if (permissions.isSchoolAdmin) return 'school';
  if (permissions.isMentor) return 'mentor';
  return permissions.isStudent ? 'student' : 'other';
}
