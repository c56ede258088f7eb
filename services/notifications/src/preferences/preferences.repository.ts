import type {
  TNotificationCategory,
  TNotificationDelivery,
} from '@stageplein/contracts/notifications/notifications';
import type { TDb } from '../shared/request.ts';
import type { TPreferenceRow } from './preferences.table.ts';

export const listPreferences = (db: TDb, userId: string): Promise<TPreferenceRow[]> =>
  db.selectFrom('notifications.preferences').selectAll().where('user_id', '=', userId).execute();

export async function upsertPreference(
  db: TDb,
  row: {
    tenant_id: string;
    user_id: string;
    category: TNotificationCategory;
    delivery: TNotificationDelivery;
    updated_at: Date;
  },
): Promise<void> {
  await db
    .insertInto('notifications.preferences')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['tenant_id', 'user_id', 'category']).doUpdateSet({
        delivery: row.delivery,
        updated_at: row.updated_at,
      }),
    )
    .execute();
}
