import { sql, type Kysely, type Migration } from 'kysely';
import { enableTenantRls } from '@stageplein/kit/db/rls';

/**
 * A workplace supervisor's request for an account (issue #30 item 6): one per organization and address
 * (asking again answers the first), with the company's answer.
 */
const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`create table placements.supervisor_account_requests (
      id uuid primary key default gen_random_uuid(),
      tenant_id text not null,
      organization_id uuid not null,
      internship_id uuid not null references placements.internships (id),
      email text not null,
      name text,
      status text not null default 'requested' check (status in ('requested', 'invited', 'declined')),
      requested_at timestamptz not null,
      answered_at timestamptz,
      answered_by uuid,
      user_id uuid,
      unique (tenant_id, organization_id, email)
    )`.execute(db);
    await sql`create index supervisor_account_requests_waiting on placements.supervisor_account_requests
      (organization_id, status, requested_at desc)`.execute(db);
    await enableTenantRls(db, 'placements', 'supervisor_account_requests');
  },
  async down(db: Kysely<unknown>) {
    await sql`drop table placements.supervisor_account_requests`.execute(db);
  },
};

export default migration;
