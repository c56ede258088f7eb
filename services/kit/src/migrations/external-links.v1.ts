import { sql, type Kysely, type Migration } from 'kysely';
import { enableTenantRls } from '../db/rls.ts';

// Frozen: services' migration files call this; a change is a new version (v2), never an edit.
/**
 * External action links in a service's own schema (kit/external-links): the links, by the SHA-256 of
 * their token only, and the append-only log of every request that presented a known one.
 */
export function externalLinksMigrationV1(schema: string): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await sql
        .raw(
          `create table ${schema}.external_links (
            id uuid primary key,
            tenant_id text not null,
            token_hash text not null unique check (token_hash ~ '^[0-9a-f]{64}$'),
            subject_type text not null,
            subject_id text not null,
            action text not null,
            recipient text not null,
            single_use boolean not null,
            expires_at timestamptz not null,
            created_by uuid,
            created_at timestamptz not null,
            used_at timestamptz,
            revoked_at timestamptz,
            revoked_reason text
          )`,
        )
        .execute(db);
      await sql
        .raw(
          `create index external_links_live on ${schema}.external_links
            (tenant_id, subject_type, subject_id, action, recipient) where revoked_at is null`,
        )
        .execute(db);
      await enableTenantRls(db, schema, 'external_links');
      await sql
        .raw(
          `create table ${schema}.external_link_uses (
            id bigserial primary key,
            tenant_id text not null,
            link_id uuid not null references ${schema}.external_links (id) on delete cascade,
            outcome text not null,
            method text not null,
            path text not null,
            ip text not null,
            user_agent text,
            at timestamptz not null
          )`,
        )
        .execute(db);
      await sql
        .raw(`create index external_link_uses_link on ${schema}.external_link_uses (link_id, id)`)
        .execute(db);
      await enableTenantRls(db, schema, 'external_link_uses');
      // Append-only for the app role too: a use, once logged, stays (the link's deletion cascades).
      await sql
        .raw(
          `create function ${schema}.external_link_uses_append_only() returns trigger language plpgsql as $$
            begin raise exception '${schema}.external_link_uses is append-only'; end $$`,
        )
        .execute(db);
      await sql
        .raw(
          `create trigger external_link_uses_append_only before update on ${schema}.external_link_uses
            for each row execute function ${schema}.external_link_uses_append_only()`,
        )
        .execute(db);
    },
    async down(db: Kysely<unknown>) {
      await sql.raw(`drop table ${schema}.external_link_uses`).execute(db);
      await sql.raw(`drop function ${schema}.external_link_uses_append_only()`).execute(db);
      await sql.raw(`drop table ${schema}.external_links`).execute(db);
    },
  };
}
