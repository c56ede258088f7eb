import type { Selectable } from 'kysely';
import { csvLine } from '@stageplein/contracts/csv/csv';
import { translate, type TLanguage } from '@stageplein/contracts/i18n/index';
import type {
  TStudentImportAttributes,
  TStudentImportResource,
  TStudentImportRowError,
  TStudentImportRowResource,
  TStudentImportStatus,
} from '@stageplein/contracts/imports/student-import';
import { IMPORT_KIND_OF_SOURCE } from '@stageplein/contracts/imports/roster';
import { countsOf, type TImportRow } from './imports.repository.ts';
import type { TImportRowsTable } from './imports.table.ts';

type TRow = Selectable<TImportRowsTable>;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function importResource(row: TImportRow): TStudentImportResource {
  const attributes: TStudentImportAttributes = {
    school_id: row.school_id,
    source: row.kind === IMPORT_KIND_OF_SOURCE.magister ? 'magister' : 'csv',
    file_name: row.file_name,
    file_size: row.file_size,
    file_sha256: row.file_sha256,
    status: row.status as TStudentImportStatus,
    create_missing_groups: row.create_missing_groups,
    total_rows: row.total_rows,
    processed_rows: row.processed_rows,
    progress: row.total_rows
      ? Math.round((1000 * row.processed_rows) / row.total_rows) / 10
      : row.status === 'completed'
        ? 100
        : 0,
    counts: countsOf(row),
    mentors: {
      named: row.mentors_named,
      created: row.mentors_created,
      links_added: row.mentor_links_added,
      links_removed: row.mentor_links_removed,
    },
    parse_ms: row.parse_ms,
    failure: row.failure,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    started_at: iso(row.started_at),
    finished_at: iso(row.finished_at),
  };
  return { type: 'import', id: row.id, attributes };
}

const errorsOf = (row: TRow): TStudentImportRowError[] =>
  (typeof row.errors === 'string' ? JSON.parse(row.errors) : row.errors) as TStudentImportRowError[];

/** One message per problem, e.g. "E-mailadres: dit e-mailadres staat al in rij 3". */
export function rowMessages(errors: readonly TStudentImportRowError[], lang: TLanguage): string[] {
  return errors.map((e) => {
    const text = translate(lang, `imports.rowErrors.${e.code}`, { row: e.row ?? '' });
    return e.field ? `${translate(lang, `imports.fields.${e.field}`)}: ${text}` : text;
  });
}

export function rowResource(row: TRow, lang: TLanguage): TStudentImportRowResource {
  const errors = errorsOf(row);
  return {
    type: 'import_row',
    id: `${row.import_id}:${row.row_number}`,
    attributes: {
      row: row.row_number,
      status: row.status,
      first_name: row.first_name,
      last_name: row.last_name,
      email: row.email,
      student_number: row.student_number,
      group: row.group_name,
      level: row.level_name,
      mentor: row.mentor,
      user_id: row.user_id,
      messages: rowMessages(errors, lang),
      errors,
    },
  };
}

/** The report: every row with its outcome and messages, `;`-separated with a BOM so Excel opens it as UTF-8. */
export function reportCsv(rows: readonly TRow[], lang: TLanguage): string {
  const t = (key: string) => translate(lang, key);
  const header = [
    t('imports.report.row'),
    t('imports.report.status'),
    t('imports.fields.first_name'),
    t('imports.fields.last_name'),
    t('imports.fields.email'),
    t('imports.fields.student_number'),
    t('imports.fields.group'),
    t('imports.fields.level'),
    t('imports.report.mentor'),
    t('imports.report.messages'),
  ];
  const lines = rows.map((r) =>
    csvLine([
      r.row_number,
      t(`imports.rowStatuses.${r.status}`),
      r.first_name,
      r.last_name,
      r.email,
      r.student_number,
      r.group_name,
      r.level_name,
      r.mentor,
      rowMessages(errorsOf(r), lang).join(' | '),
    ]),
  );
  // Cells go through csvLine, which neutralises formula prefixes (contracts/src/csv/csv.ts).
  return `\uFEFF${[csvLine(header), ...lines].join('\r\n')}\r\n`;
}
