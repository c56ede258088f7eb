/**
 * Internship progress rules (stagevoortgang, issue #17 item 4, docs/decisions/progress.md). Pure and
 * without zod so the portal's progress screens import it cheaply. The hours figures themselves come
 * from hours-policy's `hoursTotals`, the "behind schedule" rule from progress-rule.ts.
 */

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
