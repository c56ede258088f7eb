import { sql, type Kysely, type Migration } from 'kysely';
import { enableTenantRls } from '@stageplein/kit/db/rls';

/**
 * What a self-found internship has beyond the internship's own columns (contracts/src/placements/
 * self-found.ts): the organization's address as the student entered it (organizations' signup needs
 * it on approval) and where resolving the organization stands. The review is the internship's own
 * life cycle (submitted → approved or rejected with `status_reason`).
 */
const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`create table placements.self_found_internships (
      internship_id uuid primary key references placements.internships (id) on delete cascade,
      tenant_id text not null,
      organization_address text not null,
      organization_postcode text not null,
      organization_city text not null,
      organization_website text,
      locale text not null check (locale in ('nl', 'en')),
      organization_state text not null default 'unresolved'
        check (organization_state in ('unresolved', 'requested', 'matched', 'created')),
      created_at timestamptz not null
    )`.execute(db);
    await enableTenantRls(db, 'placements', 'self_found_internships');
  },
  async down(db: Kysely<unknown>) {
    await sql`drop table placements.self_found_internships`.execute(db);
  },
};

export default migration;
