import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Forms of schools (issue #31 item 7): `organization_id` names the School whose admin made the form
 * (only its admins and the tenant's content editors see it, its submissions and files); null is the
 * tenant's (the contact form, evaluation and assignment forms, and every form made before this: the
 * audit log names who made a form, not for which organization, so none is given to a school).
 */
const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`alter table content.forms add column organization_id uuid`.execute(db);
    await sql`create index forms_organization on content.forms (tenant_id, organization_id, updated_at desc)
      where organization_id is not null`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await sql`drop index content.forms_organization`.execute(db);
    await sql`alter table content.forms drop column organization_id`.execute(db);
  },
};

export default migration;
