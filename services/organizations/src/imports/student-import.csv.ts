import { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import {
  STUDENT_IMPORT_FIELDS,
  STUDENT_IMPORT_HEADERS,
  STUDENT_IMPORT_MAX_ROWS,
  type TStudentImportField,
  type TStudentImportRow,
} from '@stageplein/contracts/imports/student-import';

/** The file cannot be read as a student list at all; retrying will not help (non-retryable). */
export class ImportFileError extends Error {
  constructor(
    readonly code: 'missing_columns' | 'empty' | 'too_many_rows' | 'malformed',
    readonly detail: string,
  ) {
    super(`${code}: ${detail}`);
    this.name = 'ImportFileError';
  }
}

/** `E-mailadres` → `emailadres`, `Leerling_nummer` → `leerlingnummer`, `Prénom` → `prenom`. */
export function normalizeHeader(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[\s_.\-–]+/g, '');
}

const HEADER_LOOKUP = new Map<string, TStudentImportField>(
  STUDENT_IMPORT_FIELDS.flatMap((field) =>
    STUDENT_IMPORT_HEADERS[field].map((alias) => [alias, field] as const),
  ),
);

/** Column index per field; unknown columns are ignored, a field named twice keeps its first column. */
export function mapHeader(header: readonly string[]): Partial<Record<TStudentImportField, number>> {
  const columns: Partial<Record<TStudentImportField, number>> = {};
  header.forEach((name, index) => {
    const field = HEADER_LOOKUP.get(normalizeHeader(name));
    if (field && columns[field] === undefined) columns[field] = index;
  });
  return columns;
}

/** `;` or `,`: whichever occurs more often outside quotes on the header line (Dutch Excel writes `;`). */
export function detectDelimiter(firstChunk: string): ';' | ',' {
  let semicolons = 0;
  let commas = 0;
  let quoted = false;
  for (const ch of firstChunk) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) break;
    else if (!quoted && ch === ';') semicolons++;
    else if (!quoted && ch === ',') commas++;
  }
  return semicolons > commas ? ';' : ',';
}

const CHUNK = 64 * 1024;

function* chunks(bytes: Uint8Array): Generator<Buffer> {
  for (let i = 0; i < bytes.length; i += CHUNK)
    yield Buffer.from(bytes.buffer, bytes.byteOffset + i, Math.min(CHUNK, bytes.length - i));
}

export interface TParsedStudentCsv {
  delimiter: ';' | ',';
  header: string[];
  rows: TStudentImportRow[];
}

/**
 * Streams a UTF-8 file (BOM or not) through csv-parse and maps every record to the six fields by the
 * header's names. Rows whose column count differs from the header's are kept and flagged, so the
 * report can name them; blank lines are skipped.
 */
export async function parseStudentCsv(bytes: Uint8Array): Promise<TParsedStudentCsv> {
  const head = new TextDecoder('utf-8').decode(bytes.subarray(0, 4096)).replace(/^\uFEFF/, '');
  const delimiter = detectDelimiter(head);
  const parser = Readable.from(chunks(bytes)).pipe(
    parse({
      bom: true,
      delimiter,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      skip_records_with_empty_values: true,
      trim: true,
      info: true,
    }),
  );
  let header: string[] | undefined;
  let columns: Partial<Record<TStudentImportField, number>> = {};
  const rows: TStudentImportRow[] = [];
  try {
    for await (const { record, info } of parser as AsyncIterable<{
      record: string[];
      info: { lines: number };
    }>) {
      if (!header) {
        header = record;
        columns = mapHeader(record);
        const missing = STUDENT_IMPORT_FIELDS.filter(
          (f) => f !== 'group' && f !== 'level' && columns[f] === undefined,
        );
        if (missing.length) throw new ImportFileError('missing_columns', missing.join(', '));
        continue;
      }
      if (rows.length >= STUDENT_IMPORT_MAX_ROWS)
        throw new ImportFileError('too_many_rows', String(STUDENT_IMPORT_MAX_ROWS));
      const values = {} as Record<TStudentImportField, string>;
      for (const field of STUDENT_IMPORT_FIELDS) {
        const index = columns[field];
        values[field] = index === undefined ? '' : (record[index] ?? '');
      }
      rows.push({
        row: info.lines,
        values,
        errors: record.length !== header.length ? [{ code: 'column_count' }] : [],
      });
    }
  } catch (error) {
    if (error instanceof ImportFileError) throw error;
    throw new ImportFileError('malformed', error instanceof Error ? error.message : String(error));
  }
  if (!header) throw new ImportFileError('empty', 'no header line');
  return { delimiter, header, rows };
}
