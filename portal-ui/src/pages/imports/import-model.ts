import {
  STUDENT_IMPORT_MAX_BYTES,
  type TStudentImportStatus,
} from '@stageplein/contracts/imports/student-import';

/**
 * `/importeren/csv` rules that need no React: when to poll, how to show progress, what the upload
 * sends and which file is refused before it is sent.
 */

/** The import as the portal shows it (GET /api/v1/imports/{id}, keys camelCased by the client). */
export interface TStudentImport {
  id: string;
  fileName: string;
  fileSize: number;
  status: TStudentImportStatus;
  createMissingGroups: boolean;
  totalRows: number;
  processedRows: number;
  progress: number;
  source: 'csv' | 'magister';
  counts: Record<'valid' | 'invalid' | 'created' | 'updated' | 'unchanged' | 'failed' | 'left', number>;
  /** Mentors from the roster (Magister): named, accounts created, links added and removed. */
  mentors: Record<'named' | 'created' | 'linksAdded' | 'linksRemoved', number>;
  failure: string | null;
  createdAt: string;
  finishedAt: string | null;
}

/** A row with problems (GET /api/v1/imports/{id}/rows): localized messages from the server. */
export interface TImportRow {
  id: string;
  row: number;
  status: string;
  firstName: string;
  lastName: string;
  email: string;
  studentNumber: string;
  group: string;
  messages: string[];
}

/** How often a running import is asked for its progress. */
export const IMPORT_POLL_MS = 1000;
/** Rows with problems shown on the page; the report has them all. */
export const PROBLEM_ROWS_SHOWN = 100;
/** Row outcomes that carry messages worth showing. */
export const PROBLEM_STATUSES = ['invalid', 'failed'] as const;
/** Row outcomes a sync of the whole school highlights: new, changed, left the school. */
export const CHANGE_STATUSES = ['created', 'updated', 'left'] as const;

const ACTIVE: readonly TStudentImportStatus[] = ['pending', 'running', 'cancelling'];

export function isActive(status: TStudentImportStatus | undefined): boolean {
  return status !== undefined && ACTIVE.includes(status);
}

/** Only a pending or running import can be stopped (the API answers 409 otherwise). */
export function canCancel(status: TStudentImportStatus | undefined): boolean {
  return status === 'pending' || status === 'running';
}

/** TanStack Query's `refetchInterval`: poll while the import runs, stop when it has finished. */
export function pollInterval(status: TStudentImportStatus | undefined): number | false {
  return status === undefined || isActive(status) ? IMPORT_POLL_MS : false;
}

/** Progress 0–100, whole numbers; a completed import is 100 whatever was counted. */
export function progressPercent(imp: Pick<TStudentImport, 'status' | 'progress'>): number {
  if (imp.status === 'completed') return 100;
  return Math.max(0, Math.min(100, Math.floor(Number.isFinite(imp.progress) ? imp.progress : 0)));
}

export type TFileProblem = 'required' | 'size';

/**
 * Said before the upload: no file, or one over the limit (not sent at all). Whether it is a CSV is
 * the server's call (it looks at the bytes too); its localized answer is shown as it comes.
 */
export function fileProblem(file: Pick<File, 'size'> | undefined): TFileProblem | undefined {
  if (!file) return 'required';
  if (file.size > STUDENT_IMPORT_MAX_BYTES) return 'size';
  return undefined;
}

export const MAX_FILE_MB = STUDENT_IMPORT_MAX_BYTES / 1024 / 1024;

/** The multipart body of POST /api/v1/imports (bracketed keys: `import[file]`, `import[school_id]`, …). */
export function uploadForm(file: Blob, schoolId: string, createMissingGroups: boolean) {
  return { import: { file, schoolId, createMissingGroups } };
}

/** `leerlingen.csv` → `leerlingen-report.csv`, as the server names it. */
export function reportFileName(fileName: string): string {
  const base = fileName.replace(/\.[^.]*$/, '').replace(/[^\w.-]+/g, '_') || 'import';
  return `${base}-report.csv`;
}
