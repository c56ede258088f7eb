import type { Selectable } from 'kysely';
import type { TMailKind } from '@stageplein/contracts/notifications/mail-templates';

/** A tenant's own template of one kind (migration 20270406T0900-mail-templates); none: the default. */
export interface TMailTemplatesTable {
  tenant_id: string;
  kind: TMailKind;
  subject_nl: string;
  body_nl: string;
  subject_en: string;
  body_en: string;
  updated_by: string | null;
  updated_at: Date;
}
export type TMailTemplateRow = Selectable<TMailTemplatesTable>;

declare module '../database.ts' {
  interface TNotificationsDb {
    'notifications.mail_templates': TMailTemplatesTable;
  }
}
