import { sql, type Kysely } from 'kysely';
import { EVENT_PAYLOADS } from '@stageplein/contracts/events/payloads';
import type { TRoleRef } from '@stageplein/contracts/identity/roles';
import { idempotentConsumer } from '../outbox/idempotent-consumer.ts';
import type { TConsumer } from '../outbox/transport.ts';
import type { TAuthSource } from './auth.types.ts';
import { authCheckCache } from './auth-cache.ts';

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
