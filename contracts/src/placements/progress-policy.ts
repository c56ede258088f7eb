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
