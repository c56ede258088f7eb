import { type Generated } from 'kysely';
import type { TGender, TUserSettings, TUserStatus } from '@stageplein/contracts/identity/users';

export interface TUsersTable {
  id: Generated<string>;
  tenant_id: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
  gender: TGender | null;
  status: TUserStatus;
  locale: 'nl' | 'en';
  phone_number: string | null;
  settings: TUserSettings;
  periodic_mail_frequency: 'never' | 'daily' | 'weekly' | 'monthly';
  /** scrypt hash (see shared/passwords.ts); null until an invited user chooses one. */
  encrypted_password: string | null;
  confirmed_at: Date | null;
  confirmation_token_hash: string | null;
  confirmation_sent_at: Date | null;
  /** A new address waiting for its confirmation (the confirmation token then confirms this one). */
  unconfirmed_email: string | null;
  reset_password_token_hash: string | null;
  reset_password_sent_at: Date | null;
  deletion_token_hash: string | null;
  deletion_requested_at: Date | null;
  failed_attempts: Generated<number>;
  locked_at: Date | null;
  sign_in_count: Generated<number>;
  last_sign_in_at: Date | null;
  created_at: Date;
  updated_at: Date;
}
