import { sql, type Kysely, type Migration } from 'kysely';
import { enableTenantRls } from '../db/rls.ts';

// Frozen: services' migration files call this; a change is a new version (v2), never an edit.
/**
 * The credential facts a service needs, kept in its own schema (DESIGN §3: no service reads
 * identity's tables): the roles of every user and the clients that were signed out or otherwise
 * revoked. Fed by identity's events through an idempotent consumer; see docs/decisions/auth.md.
 */
export function authReadModelMigrationV1(schema: string): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await sql
        .raw(
          `create table ${schema}.auth_roles (
            role_id uuid primary key,
            tenant_id text not null,
            user_id uuid not null,
            name text not null,
            resource_type text not null,
            resource_id uuid not null
          )`,
        )
        .execute(db);
      await sql.raw(`create index auth_roles_user on ${schema}.auth_roles (user_id)`).execute(db);
      await enableTenantRls(db, schema, 'auth_roles');
      await sql
        .raw(
          `create table ${schema}.auth_revoked_clients (
            client text primary key,
            tenant_id text not null,
            user_id uuid not null,
            expires_at timestamptz not null
          )`,
        )
        .execute(db);
      await sql
        .raw(`create index auth_revoked_clients_expiry on ${schema}.auth_revoked_clients (expires_at)`)
        .execute(db);
      await enableTenantRls(db, schema, 'auth_revoked_clients');
    },
    async down(db: Kysely<unknown>) {
      await sql.raw(`drop table ${schema}.auth_revoked_clients`).execute(db);
      await sql.raw(`drop table ${schema}.auth_roles`).execute(db);
    },
  };
}
