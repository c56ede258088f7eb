import { sql, type Kysely, type Migration } from 'kysely';
import { enableTenantRls } from '@stageplein/kit/db/rls';

const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`create table organizations.organizations (
      id uuid primary key default gen_random_uuid(),
      tenant_id text not null,
      type text not null check (type in ('School', 'VolunteerCenter', 'NonProfit', 'Provider')),
      status text not null check (status in ('approved', 'pending', 'denied', 'archived')),
      name text not null check (length(btrim(name)) between 1 and 200),
      parent_id uuid references organizations.organizations (id) on delete set null check (parent_id <> id),
      description text,
      website text,
      city text,
      address text,
      postcode text,
      latitude double precision check (latitude between -90 and 90),
      longitude double precision check (longitude between -180 and 180),
      phone text,
      email text,
      logo_url text,
      contact_name text,
      contact_email text,
      contact_phone text,
      status_changed_at timestamptz,
      created_at timestamptz not null,
      updated_at timestamptz not null
    )`.execute(db);
    // The list's default order (and its paging) walks this index.
    await sql`create index organizations_tenant_name on organizations.organizations (tenant_id, name, id)`.execute(
      db,
    );
    await sql`create index organizations_tenant_status on organizations.organizations (tenant_id, status)`.execute(
      db,
    );
    await sql`create index organizations_parent on organizations.organizations (parent_id) where parent_id is not null`.execute(
      db,
    );
    // Duplicate detection of signups: same name and postcode (normalised).
    await sql`create index organizations_name_postcode on organizations.organizations
      (tenant_id, lower(btrim(name)), upper(replace(postcode, ' ', '')))`.execute(db);
    await enableTenantRls(db, 'organizations', 'organizations');
  },
  async down(db: Kysely<unknown>) {
    await sql`drop table organizations.organizations`.execute(db);
  },
};

export default migration;
