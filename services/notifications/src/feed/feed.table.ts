import type { ColumnType, Generated, Selectable } from 'kysely';
import type {
  TNotificationCategory,
  TNotificationKind,
} from '@stageplein/contracts/notifications/notifications';

/** One notification for one person (migration 20270216T0910-feed). */
export interface TNotificationsTable {
  id: Generated<string>;
  tenant_id: string;
  user_id: string;
  /** The event it came from: with the user and kind, unique, so a replayed event adds nothing. */
  event_id: string;
  kind: TNotificationKind;
  category: TNotificationCategory;
  params: ColumnType<Record<string, string>, string, string>;
  subject_type: string;
  subject_id: string;
  link: string | null;
  created_at: ColumnType<Date, Date | string, never>;
  read_at: Date | null;
}
export type TNotificationRow = Selectable<TNotificationsTable>;

declare module '../database.ts' {
  interface TNotificationsDb {
    'notifications.notifications': TNotificationsTable;
  }
}
