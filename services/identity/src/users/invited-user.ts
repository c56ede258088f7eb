import type { Insertable } from 'kysely';
import type { TUsersTable } from './users.table.ts';

export interface TNewUser {
  tenantId: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  locale: 'nl' | 'en';
  now: Date;
  gender?: TUsersTable['gender'];
  phoneNumber?: string | null;
}

/**
 * The row of a new account as every way in creates it (an admin's invitation, an organization's first
 * admin, a student import, the demo seed): invited, without password, unconfirmed, the product's
 * default settings. A caller that needs more (the seed's confirmed demo accounts) overrides columns.
 */
export function invitedUserRow(user: TNewUser): Insertable<TUsersTable> {
  return {
    tenant_id: user.tenantId,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    gender: user.gender ?? null,
    status: 'invited',
    locale: user.locale,
    phone_number: user.phoneNumber ?? null,
    settings: { email_notifications: true },
    periodic_mail_frequency: 'weekly',
    encrypted_password: null,
    confirmed_at: null,
    confirmation_token_hash: null,
    confirmation_sent_at: null,
    reset_password_token_hash: null,
    reset_password_sent_at: null,
    deletion_token_hash: null,
    deletion_requested_at: null,
    locked_at: null,
    last_sign_in_at: null,
    created_at: user.now,
    updated_at: user.now,
  };
}
