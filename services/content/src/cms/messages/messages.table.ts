import type { TContentLocale } from '@stageplein/contracts/content/content';

/** A tenant's override of one message of the bundled catalogues, per language. */
export interface TMessagesTable {
  tenant_id: string;
  locale: TContentLocale;
  key: string;
  value: string;
  updated_at: Date;
  updated_by: string | null;
}
