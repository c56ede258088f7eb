import type { Selectable } from 'kysely';

/** Why an address is suppressed (migration 20270216T0920-mail-suppressions). */
export type TSuppressionReason = 'hard_bounce' | 'soft_bounces';

export interface TMailSuppressionsTable {
  tenant_id: string;
  /** Lower-cased. */
  address: string;
  soft_bounces: number;
  suppressed_at: Date | null;
  reason: TSuppressionReason | null;
  last_response: string | null;
  updated_at: Date;
}
export type TMailSuppressionRow = Selectable<TMailSuppressionsTable>;

declare module '../database.ts' {
  interface TNotificationsDb {
    'notifications.mail_suppressions': TMailSuppressionsTable;
  }
}
