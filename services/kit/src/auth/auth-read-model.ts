import { sql, type Kysely, type Migration } from 'kysely';
import { EVENT_PAYLOADS } from '@stageplein/contracts/events/payloads';
import type { TRoleRef } from '@stageplein/contracts/identity/roles';
import { enableTenantRls } from '../db/rls.ts';
import { idempotentConsumer } from '../outbox/idempotent-consumer.ts';
import type { TConsumer } from '../outbox/transport.ts';
import type { TAuthSource } from './auth.types.ts';
import { authCheckCache } from './auth-cache.ts';

/**
 * The credential facts a service needs, kept in its own schema (DESIGN §3: no service reads
 * identity's tables): the roles of every user and the clients that were signed out or otherwise
 * revoked. Fed by identity's events through an idempotent consumer; see docs/decisions/auth.md.
 */
export function authReadModelMigration(schema: string): Migration {
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

export const AUTH_EVENT_TYPES = [
  'identity.role.added',
  'identity.role.removed',
  'identity.session.revoked',
  'identity.user.deleted',
] as const;

/** Keeps `<schema>.auth_roles` and `<schema>.auth_revoked_clients` current; each event applies once. */
export function authReadModelConsumer(db: Kysely<unknown>, schema: string): TConsumer {
  const t = (name: string) => sql.table(`${schema}.${name}`);
  return idempotentConsumer({
    db,
    schema,
    group: `${schema}.auth-read-model`,
    types: AUTH_EVENT_TYPES,
    async apply(trx, event) {
      // The subject of identity's events is the user: drop this process's memo of their checks.
      authCheckCache.invalidateUser(event.subject);
      switch (event.type) {
        case 'identity.role.added': {
          const r = EVENT_PAYLOADS['identity.role.added'].parse(event.data);
          await sql`insert into ${t('auth_roles')} (role_id, tenant_id, user_id, name, resource_type, resource_id)
            values (${r.role_id}, ${event.tenant}, ${r.user_id}, ${r.name}, ${r.resource_type}, ${r.resource_id})
            on conflict (role_id) do nothing`.execute(trx);
          break;
        }
        case 'identity.role.removed': {
          const r = EVENT_PAYLOADS['identity.role.removed'].parse(event.data);
          await sql`delete from ${t('auth_roles')} where role_id = ${r.role_id}`.execute(trx);
          break;
        }
        case 'identity.session.revoked': {
          const r = EVENT_PAYLOADS['identity.session.revoked'].parse(event.data);
          for (const c of r.clients) {
            await sql`insert into ${t('auth_revoked_clients')} (client, tenant_id, user_id, expires_at)
              values (${c.client}, ${event.tenant}, ${r.user_id}, ${c.expires_at})
              on conflict (client) do nothing`.execute(trx);
          }
          // Entries outlive their tokens only until those expire anyway.
          await sql`delete from ${t('auth_revoked_clients')} where expires_at < now()`.execute(trx);
          break;
        }
        case 'identity.user.deleted': {
          const r = EVENT_PAYLOADS['identity.user.deleted'].parse(event.data);
          await sql`delete from ${t('auth_roles')} where user_id = ${r.user_id}`.execute(trx);
          break;
        }
      }
    },
  });
}

/** Auth source of a service that keeps the kit read model: one query in the request's transaction. */
export function readModelAuthSource(schema: string): TAuthSource {
  const t = (name: string) => sql.table(`${schema}.${name}`);
  return {
    async check(req, claims) {
      const db = await req.db();
      const { rows } = await sql<{ revoked: boolean; roles: TRoleRef[] }>`
        select exists (select 1 from ${t('auth_revoked_clients')} where client = ${claims.cid}) as revoked,
          coalesce((select json_agg(json_build_object('name', name, 'resourceType', resource_type, 'resourceId', resource_id)
            order by resource_id, name) from ${t('auth_roles')} where user_id = ${claims.sub}), '[]'::json) as roles`.execute(
        db,
      );
      const row = rows[0];
      return row && !row.revoked ? { roles: row.roles } : null;
    },
  };
}
