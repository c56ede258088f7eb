import type { ColumnType, Generated, Selectable } from 'kysely';
import type {
  TRecentActionGroup,
  TRecentActionKind,
} from '@stageplein/contracts/notifications/recent-actions';

/** One action on an internship (migration 20270405T0910-recent-actions), unique per event. */
export interface TRecentActionsTable {
  id: Generated<string>;
  tenant_id: string;
  event_id: string;
  kind: TRecentActionKind;
  action_group: TRecentActionGroup;
  params: ColumnType<Record<string, string>, string, string>;
  subject_type: string;
  subject_id: string;
  link: string | null;
  student_id: string;
  school_id: string;
  organization_id: string | null;
  /** Who did it (the event's actor), null for the system or a link's holder. */
  actor_id: string | null;
  occurred_at: Date;
}
export type TRecentActionRow = Selectable<TRecentActionsTable>;

declare module '../database.ts' {
  interface TNotificationsDb {
    'notifications.recent_actions': TRecentActionsTable;
  }
}
