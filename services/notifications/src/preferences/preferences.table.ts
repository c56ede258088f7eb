import type { Selectable } from 'kysely';
import type {
  TNotificationCategory,
  TNotificationDelivery,
} from '@stageplein/contracts/notifications/notifications';

/** A person's chosen delivery of one category (migration 20270216T0910-feed); none chosen: the default. */
export interface TPreferencesTable {
  tenant_id: string;
  user_id: string;
  category: TNotificationCategory;
  delivery: TNotificationDelivery;
  updated_at: Date;
}
export type TPreferenceRow = Selectable<TPreferencesTable>;

declare module '../database.ts' {
  interface TNotificationsDb {
    'notifications.preferences': TPreferencesTable;
  }
}
