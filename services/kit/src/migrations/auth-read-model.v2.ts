import { sql, type Kysely, type Migration } from 'kysely';
import { enableTenantRls } from '../db/rls.ts';

// Frozen: services' migration files call this; a change is a new version (v3), never an edit.
/**
 * Sessions as an allow-list (issue #12): every client identity issued, with its user, tenant, expiry
 * and when it ended (sign-out, reset, eviction, deactivation, deletion). A token counts in a service
 * only for a client found here and not ended, so the signing secret alone forges nothing. Replaces
 * v1's deny-list of revoked clients.
 */
export function authReadModelMigrationV2(schema: string): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await sql
        .raw(
          `create table ${schema}.auth_sessions (
            client text primary key,
            tenant_id text not null,
            user_id uuid not null,
            expires_at timestamptz not null,
            ended_at timestamptz
          )`,
        )
        .execute(db);
      await sql.raw(`create index auth_sessions_user on ${schema}.auth_sessions (user_id)`).execute(db);
      await sql.raw(`create index auth_sessions_expiry on ${schema}.auth_sessions (expires_at)`).execute(db);
      await enableTenantRls(db, schema, 'auth_sessions');
      await sql.raw(`drop table ${schema}.auth_revoked_clients`).execute(db);
    },
    async down(db: Kysely<unknown>) {
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
      await enableTenantRls(db, schema, 'auth_revoked_clients');
      await sql.raw(`drop table ${schema}.auth_sessions`).execute(db);
    },
  };
}
