import { sql, type Kysely, type Migration } from 'kysely';
import { enableTenantRls } from '@stageplein/kit/db/rls';

/**
 * A tenant's own mail templates (docs/decisions/notifications.md "Templates"): per kind its nl and en
 * subject and body, replacing the shipped default when present. One row per tenant and kind.
 */
const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`create table notifications.mail_templates (
      tenant_id text not null,
      kind text not null,
      subject_nl text not null,
      body_nl text not null,
      subject_en text not null,
      body_en text not null,
      updated_by uuid,
      updated_at timestamptz not null,
      primary key (tenant_id, kind)
    )`.execute(db);
    await enableTenantRls(db, 'notifications', 'mail_templates');
  },
};

export default migration;
