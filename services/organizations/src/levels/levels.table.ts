import { sql, type Generated, type Kysely, type Migration } from 'kysely';
import { enableTenantRls } from '@stageplein/kit/db/rls';

/** Education levels of a school (vmbo, havo…), used by groups and, later, vacancies. */
export interface TLevelsTable {
  id: Generated<string>;
  tenant_id: string;
  school_id: string;
  name: string;
  position: Generated<number>;
  created_at: Date;
  updated_at: Date;
}

export const levelsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`create table organizations.levels (
      id uuid primary key default gen_random_uuid(),
      tenant_id text not null,
      school_id uuid not null references organizations.organizations (id) on delete cascade,
      name text not null,
      position int not null default 0,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      unique (school_id, name)
    )`.execute(db);
    await enableTenantRls(db, 'organizations', 'levels');
  },
  async down(db: Kysely<unknown>) {
    await sql`drop table organizations.levels`.execute(db);
  },
};
