import { sql, type Kysely, type Migration } from 'kysely';
import { enableTenantRls } from '../db/rls.ts';

// Frozen: services' migration files call this; a change is a new version (v2), never an edit.
/**
 * The object store's PostgreSQL adapter's table in a service's own schema (kit/object-storage,
 * `postgresStorage('<schema>.file_blobs')`): bytes per tenant and key, under the tenant's RLS.
 * (Content's own table of the same shape predates this migration.)
 */
export function fileBlobsMigrationV1(schema: string): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await sql
        .raw(
          `create table ${schema}.file_blobs (
            tenant_id text not null,
            hash text not null check (hash ~ '^[0-9a-f]{64}$'),
            bytes bytea not null,
            primary key (tenant_id, hash)
          )`,
        )
        .execute(db);
      await enableTenantRls(db, schema, 'file_blobs');
    },
    async down(db: Kysely<unknown>) {
      await sql.raw(`drop table ${schema}.file_blobs`).execute(db);
    },
  };
}
