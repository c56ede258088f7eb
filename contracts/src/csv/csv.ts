/**
 * Characters a spreadsheet reads as the start of a formula (OWASP "CSV injection"): `= + - @`, and tab
 * and CR, which some spreadsheets skip before looking for one.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One cell of a CSV or XLSX export. Text that a spreadsheet would run as a formula gets a leading `'`
 * (it shows as text, the value stays readable); numbers stay numbers. Every export uses this.
 */
export function neutralizeFormula(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** A neutralized CSV cell, quoted when it holds the separator, a quote or a line break. */
export function csvCell(value: string | number | null | undefined, separator = ';'): string {
  const s = neutralizeFormula(value);
  return s.includes(separator) || /["\n\r]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}

/** One CSV line of cells. */
export const csvLine = (cells: readonly (string | number | null | undefined)[], separator = ';'): string =>
  cells.map((c) => csvCell(c, separator)).join(separator);
