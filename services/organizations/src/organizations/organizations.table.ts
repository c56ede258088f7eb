import { sql, type Generated, type Kysely, type Migration } from 'kysely';
import type { TOrganizationType } from '@stageplein/contracts/identity/roles';
import type { TOrganizationStatus } from '@stageplein/contracts/organizations/organizations';
import { enableTenantRls } from '@stageplein/kit/db/rls';

/**
 * Spec §3 Organization with its profile. The profile is 1:1 and always written with the organization,
 * so it lives in the same row (no join on every list); on the wire it is its own `profile` resource.
 */
export interface TOrganizationsTable {
  id: Generated<string>;
  tenant_id: string;
  type: TOrganizationType;
  status: TOrganizationStatus;
  name: string;
  /** The School or VolunteerCenter it falls under (moved only with MOVE_ORGANIZATIONS). */
  parent_id: string | null;
  description: string | null;
  website: string | null;
  city: string | null;
  address: string | null;
  postcode: string | null;
  latitude: number | null;
  longitude: number | null;
  phone: string | null;
  email: string | null;
  logo_url: string | null;
  contact_name: string | null;
  contact_email: string | null;
  contact_phone: string | null;
  status_changed_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

export const organizationsMigration: Migration = {
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
