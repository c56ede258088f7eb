import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Forms answered inside placements against an internship (docs/decisions/forms.md): `evaluation` and
 * `assignment` join `general` and `contact`. They never get a public token.
 */
const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`alter table content.forms drop constraint forms_purpose_check`.execute(db);
    await sql`alter table content.forms add constraint forms_purpose_check
      check (purpose in ('general', 'contact', 'evaluation', 'assignment'))`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await sql`alter table content.forms drop constraint forms_purpose_check`.execute(db);
    await sql`alter table content.forms add constraint forms_purpose_check
      check (purpose in ('general', 'contact'))`.execute(db);
  },
};

export default migration;
