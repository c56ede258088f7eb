import type { Selectable } from 'kysely';

/** One person's digest of one period (migration 20270405T0900-digests): its row says it is done. */
export interface TDigestsTable {
  tenant_id: string;
  user_id: string;
  /** `daily:2026-11-30`, `weekly:2026-W49`, `monthly:2026-12`. */
  period: string;
  notifications: number;
  tasks: number;
  /** False: there was nothing to tell, no mail went out. */
  sent: boolean;
  created_at: Date;
}

/**
 * Something waiting for a person (migration 20270405T0900-digests), kept by the open-tasks consumer:
 * a phase task they were reminded of and that is not done, or hours of an internship waiting for the
 * organization's confirmation. Unique per person and `key` (`phase_task:<id>`, `hours:<internship>`).
 */
export interface TOpenTasksTable {
  tenant_id: string;
  user_id: string;
  key: string;
  kind: 'phase_task' | 'hours_to_confirm';
  internship_id: string;
  title: string;
  due_at: Date | null;
  /** Hours waiting (hours_to_confirm); 1 for a task. */
  count: number;
  updated_at: Date;
}
export type TOpenTaskRow = Selectable<TOpenTasksTable>;

declare module '../database.ts' {
  interface TNotificationsDb {
    'notifications.digests': TDigestsTable;
    'notifications.open_tasks': TOpenTasksTable;
  }
}
