import type { TStudentImportStatus } from '../imports/student-import.ts';

/**
 * Every Temporal name of the product, in one place (DESIGN §6): the worker polls these task queues
 * and registers these workflows, signals and queries; services start and signal them by the same
 * names, so a typo cannot split the two. Contracts only: no Temporal import here.
 */
export const TASK_QUEUES = {
  /** Imports of students (CSV now, Magister later). */
  imports: 'stageplein-imports',
} as const;
export type TTaskQueue = (typeof TASK_QUEUES)[keyof typeof TASK_QUEUES];

/** Workflow type names as clients start them (the exported function names of the workflow modules). */
export const WORKFLOW_TYPES = {
  studentImport: 'studentImport',
  complianceSweep: 'complianceSweep',
  vacancyClosing: 'vacancyClosing',
  hoursReminders: 'hoursReminders',
  formFileCleanup: 'formFileCleanup',
} as const;

/**
 * The Temporal schedule that runs `complianceSweep` every day (docs/decisions/compliance.md): the
 * worker creates it when it starts, if it does not exist. Early morning Dutch time, before offices open.
 */
export const COMPLIANCE_SWEEP_SCHEDULE = {
  id: 'compliance-sweep',
  cron: '0 6 * * *',
  timezone: 'Europe/Amsterdam',
} as const;

/**
 * The Temporal schedule that closes vacancies whose `closes_at` has passed (placements): every quarter
 * of an hour, so a vacancy is found in the search at most that long after its closing time.
 */
export const VACANCY_CLOSING_SCHEDULE = {
  id: 'vacancy-closing',
  cron: '*/15 * * * *',
  timezone: 'Europe/Amsterdam',
} as const;

/**
 * The Temporal schedule of the hours reminders (docs/decisions/hours.md "Reminders"): daily, in the
 * morning Dutch time, after the compliance sweep.
 */
export const HOURS_REMINDERS_SCHEDULE = {
  id: 'hours-reminders',
  cron: '0 7 * * *',
  timezone: 'Europe/Amsterdam',
} as const;

/**
 * The Temporal schedule that removes files visitors uploaded on public forms but never submitted
 * (content, docs/decisions/forms.md): hourly, so a file lives at most a day and an hour.
 */
export const FORM_FILE_CLEANUP_SCHEDULE = {
  id: 'form-file-cleanup',
  cron: '20 * * * *',
  timezone: 'Europe/Amsterdam',
} as const;

/** Result of one form-file cleanup run, per tenant: files removed. */
export interface TFormFileCleanupSummary {
  tenants: { tenant: string; removed: number }[];
}

/** Result of one hours-reminders run, per hours tenant: supervisor reminders and mentor warnings sent. */
export interface THoursRemindersSummary {
  tenants: { tenant: string; supervisors: number; mentors: number }[];
}

/** Result of one vacancy-closing run, per tenant. */
export interface TVacancyClosingSummary {
  tenants: { tenant: string; closed: number }[];
}

/** Result of one compliance sweep, per tenant. */
export interface TComplianceSweepSummary {
  tenants: { tenant: string; changed: number; reminded: number }[];
}

export const SIGNALS = {
  /** Student import: stop after the batches in progress. */
  cancelImport: 'cancelImport',
} as const;

export const QUERIES = {
  /** Student import: phase and batches done. */
  progress: 'progress',
} as const;

/** No workflow takes updates yet; their names go here when one does. */
export const UPDATES = {} as const;

/** Workflow id of a student import: one per import, so starting it twice is one execution. */
export const studentImportWorkflowId = (importId: string) => `student-import-${importId}`;

/** Input of the student import workflow. */
export interface TStudentImportInput {
  tenant: string;
  importId: string;
}

/** Result of the student import workflow: the final status and counts. */
export interface TStudentImportSummary {
  status: TStudentImportStatus;
  total: number;
  valid: number;
  invalid: number;
  created: number;
  updated: number;
  unchanged: number;
  failed: number;
}
