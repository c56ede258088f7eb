/**
 * Every Temporal task queue of the product, in one place (DESIGN §6): workers poll these names and
 * clients start workflows on them, so a typo cannot split the two.
 */
export const TASK_QUEUES = {
  /** Imports of students (CSV now, Magister later). */
  imports: 'stageplein-imports',
} as const;
export type TTaskQueue = (typeof TASK_QUEUES)[keyof typeof TASK_QUEUES];

/** Workflow type names as clients start them (the exported function names of the workflow modules). */
export const WORKFLOW_TYPES = {
  studentImport: 'studentImport',
} as const;
