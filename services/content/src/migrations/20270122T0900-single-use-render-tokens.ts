import { sql, type Kysely, type Migration } from 'kysely';

/**
 * A public form's render token answers one submission (issue #31.6): the submission keeps the token's
 * SHA-256, unique per tenant. Earlier submissions and seeds have none.
 */
const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`alter table content.form_submissions add column render_token_hash text`.execute(db);
    await sql`create unique index form_submissions_render_token on content.form_submissions
      (tenant_id, render_token_hash) where render_token_hash is not null`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await sql`drop index content.form_submissions_render_token`.execute(db);
    await sql`alter table content.form_submissions drop column render_token_hash`.execute(db);
  },
};

export default migration;
