import { sql, type Kysely, type Migration } from 'kysely';
import { enableTenantRls } from '../db/rls.ts';

// Frozen: services' migration files call this; a change is a new version (v2), never an edit.
/**
 * A service's read model of the organizations service's organizations (kit/read-models/
 * organizations-read-model.ts keeps it current). `event_time` is the newest event applied, so a late
 * redelivery cannot go back; a deleted organization stays as a tombstone for the same reason.
 */
export function organizationsReadModelMigrationV1(schema: string): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await sql
        .raw(
          `create table ${schema}.organizations (
            id uuid primary key,
            tenant_id text not null,
            organization_type text not null,
            name text not null,
            status text not null,
            city text,
            postcode text,
            latitude double precision,
            longitude double precision,
            deleted boolean not null default false,
            event_time timestamptz not null
          )`,
        )
        .execute(db);
      await enableTenantRls(db, schema, 'organizations');
    },
    async down(db: Kysely<unknown>) {
      await sql.raw(`drop table ${schema}.organizations`).execute(db);
    },
  };
}
