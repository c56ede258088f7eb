import type { TLanguage } from '@stageplein/contracts/i18n/index';
import { translate } from '@stageplein/contracts/i18n/index';
import type { TNotificationResource } from '@stageplein/contracts/notifications/notifications';
import type { TNotificationRow } from './feed.table.ts';

/** A notification as the wire shows it: its kind's text in the reader's language. */
export function notificationResource(row: TNotificationRow, lang: TLanguage): TNotificationResource {
  return {
    type: 'notification',
    id: row.id,
    attributes: {
      kind: row.kind,
      category: row.category,
      text: translate(lang, `notifications.kinds.${row.kind}`, row.params),
      subject_type: row.subject_type,
      subject_id: row.subject_id,
      link: row.link,
      read: row.read_at !== null,
      read_at: row.read_at?.toISOString() ?? null,
      created_at: row.created_at.toISOString(),
    },
  };
}
