/** A user as requested mail needs them (migration 20270216T0930-mail-recipients), from identity's events. */
export interface TMailUsersTable {
  id: string;
  tenant_id: string;
  email: string;
  first_name: string | null;
  locale: string;
  status: string;
  deleted: boolean;
  event_time: Date;
  /** How often the person wants the periodic mail (migration 20270405T0900-digests). */
  periodic_mail_frequency: 'never' | 'daily' | 'weekly' | 'monthly';
}

declare module '../database.ts' {
  interface TNotificationsDb {
    'notifications.users': TMailUsersTable;
  }
}
