import { sql, type Kysely, type Migration } from 'kysely';
import { enableTenantRls } from '@stageplein/kit/db/rls';

/**
 * Addresses the mail worker no longer writes to (docs/decisions/mail-delivery.md): a hard bounce (5xx)
 * suppresses at once, soft bounces (4xx that outlived every retry) count until a threshold. A delivered
 * mail sets the soft count back to 0. Addresses are kept lower-cased.
 */
const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`create table notifications.mail_suppressions (
      tenant_id text not null,
      address text not null,
      soft_bounces integer not null default 0,
      suppressed_at timestamptz,
      reason text check (reason in ('hard_bounce', 'soft_bounces')),
      last_response text,
      updated_at timestamptz not null,
      primary key (tenant_id, address)
    )`.execute(db);
    await enableTenantRls(db, 'notifications', 'mail_suppressions');
  },
};

export default migration;
