import { csvLine } from '@stageplein/contracts/csv/csv';
import type { TInternshipStatus } from '@stageplein/contracts/placements/internships';
import type { TDataViewerTexts } from './data-viewer-texts.ts';

/**
 * The data viewer's columns: one internship with all seven spec §7 relations resolved (the data
 * provider flattens `included`), as people read them — names, not ids. The table and the CSV
 * export share them, so the file holds exactly what the screen shows.
 */
export type TDataViewerRecord = Record<string, unknown> & { id: string | number };

type TPerson = { firstName?: unknown; lastName?: unknown; email?: unknown } | null | undefined;
type TNamed = { name?: unknown; title?: unknown; city?: unknown } | null | undefined;

const text = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
const relation = <T>(r: TDataViewerRecord, key: string) => r[key] as T | undefined;

export function personLabel(p: TPerson): string {
  if (!p) return '';
  const name = [text(p.firstName), text(p.lastName)].filter(Boolean).join(' ');
  const email = text(p.email);
  return name && email ? `${name} (${email})` : name || email;
}

/**
 * A date (YYYY-MM-DD…) as people write it: 01-02-2027 in Dutch, 01/02/2027 in English (a Dutch
 * spreadsheet reads the former as a date too). Read as UTC, so the day is the day stored.
 */
function shownDate(iso: string, texts: TDataViewerTexts): string {
  const day = iso.slice(0, 10);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return '';
  return new Intl.DateTimeFormat(texts.dateLocale, {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${day}T00:00:00Z`));
}

export const COLUMN_KEYS = [
  'title',
  'student',
  'organization',
  'city',
  'vacancy',
  'currentPhase',
  'internshipPeriod',
  'contactPerson',
  'supervisor',
  'status',
  'startDate',
  'endDate',
  'selfFound',
  'hours',
] as const;
export type TColumnKey = (typeof COLUMN_KEYS)[number];

/** The value of one column, text or a number (spreadsheets keep numbers as numbers). */
export function cellOf(r: TDataViewerRecord, key: TColumnKey, texts: TDataViewerTexts): string | number {
  switch (key) {
    case 'title':
      return text(r.title);
    case 'student':
      return personLabel(relation<TPerson>(r, 'student'));
    case 'organization':
      return text(relation<TNamed>(r, 'organization')?.name) || text(r.organizationName);
    case 'city':
      return text(relation<TNamed>(r, 'organization')?.city);
    case 'vacancy':
      return text(relation<TNamed>(r, 'vacancy')?.title);
    case 'currentPhase':
      return text(relation<TNamed>(r, 'currentPhase')?.name);
    case 'internshipPeriod':
      return text(relation<TNamed>(r, 'internshipPeriod')?.name);
    case 'contactPerson':
      return personLabel(relation<TPerson>(r, 'contactPerson')) || text(r.contactName);
    case 'supervisor':
      return personLabel(relation<TPerson>(r, 'supervisor'));
    case 'status':
      return texts.status[r.status as TInternshipStatus] ?? text(r.status);
    case 'startDate':
      return shownDate(text(r.startDate), texts);
    case 'endDate':
      return shownDate(text(r.endDate), texts);
    case 'selfFound':
      return r.selfFound ? texts.yes : texts.no;
    case 'hours':
      return typeof r.hours === 'number' ? r.hours : '';
  }
}

/**
 * The CSV file: a header row, then one row per internship; every cell through contracts' `csvLine`,
 * so text a spreadsheet would run as a formula (`=`, `+`, `-`, `@`…) is neutralised. A BOM lets
 * spreadsheets read the UTF-8 (names with accents); `;` is what Dutch spreadsheets split on.
 */
export function internshipsCsv(records: readonly TDataViewerRecord[], texts: TDataViewerTexts): string {
  const lines = [
    csvLine(COLUMN_KEYS.map((k) => texts.columns[k])),
    ...records.map((r) => csvLine(COLUMN_KEYS.map((k) => cellOf(r, k, texts)))),
  ];
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
