import { sql, type Kysely } from 'kysely';
import { EVENT_PAYLOADS } from '@stageplein/contracts/events/payloads';
import type { TRoleRef } from '@stageplein/contracts/identity/roles';
import type { TEventEnvelope } from '@stageplein/contracts/events/envelope';
import type { FastifyRequest } from 'fastify';
import type { TAccessClaims } from './access-token.ts';
import type { TAuthSource } from './auth.types.ts';
import { authCheckCache } from './auth-cache.ts';

export const AUTH_EVENT_TYPES = [
  'identity.role.added',
  'identity.role.removed',
  'identity.session.issued',
  'identity.session.revoked',
  'identity.user.deleted',
] as const;

/**
 * The use case of kit's auth read model: keeps `<schema>.auth_roles` and `<schema>.auth_sessions` (the
 * allow-list of issued clients, v2) current from one of identity's events. An end that arrives before
 * its issue still wins. Its consumer: auth-read-model.consumer.ts. It reads only the context's
 * transaction (typed so, not as `TContext`: request-context.ts imports service.ts, which imports this
 * file's auth source).
 */
export async function applyAuthEvent<DB>(
  ctx: { db: Kysely<DB> },
  schema: string,
  event: TEventEnvelope,
): Promise<void> {
  const t = (name: string) => sql.table(`${schema}.${name}`);
  switch (event.type) {
    case 'identity.role.added': {
      const r = EVENT_PAYLOADS['identity.role.added'].parse(event.data);
      await sql`insert into ${t('auth_roles')} (role_id, tenant_id, user_id, name, resource_type, resource_id)
        values (${r.role_id}, ${event.tenant}, ${r.user_id}, ${r.name}, ${r.resource_type}, ${r.resource_id})
        on conflict (role_id) do nothing`.execute(ctx.db);
      break;
    }
    case 'identity.role.removed': {
      const r = EVENT_PAYLOADS['identity.role.removed'].parse(event.data);
      await sql`delete from ${t('auth_roles')} where role_id = ${r.role_id}`.execute(ctx.db);
      break;
    }
    case 'identity.session.issued': {
      const r = EVENT_PAYLOADS['identity.session.issued'].parse(event.data);
      await sql`insert into ${t('auth_sessions')} (client, tenant_id, user_id, expires_at)
        values (${r.client}, ${event.tenant}, ${r.user_id}, ${r.expires_at})
        on conflict (client) do nothing`.execute(ctx.db);
      // Old rows go, measured on identity's clock (the one that signed the tokens): a client that
      // expired a year before this one was issued cannot verify anywhere.
      await sql`delete from ${t('auth_sessions')}
        where expires_at < ${r.expires_at}::timestamptz - interval '1 year'`.execute(ctx.db);
      break;
    }
    case 'identity.session.revoked': {
      const r = EVENT_PAYLOADS['identity.session.revoked'].parse(event.data);
      for (const c of r.clients) {
        await sql`insert into ${t('auth_sessions')} (client, tenant_id, user_id, expires_at, ended_at)
          values (${c.client}, ${event.tenant}, ${r.user_id}, ${c.expires_at}, now())
          on conflict (client) do update set ended_at = coalesce(${t('auth_sessions')}.ended_at, now())`.execute(
          ctx.db,
        );
      }
      break;
    }
    case 'identity.user.deleted': {
      const r = EVENT_PAYLOADS['identity.user.deleted'].parse(event.data);
      await sql`delete from ${t('auth_roles')} where user_id = ${r.user_id}`.execute(ctx.db);
      await sql`update ${t('auth_sessions')} set ended_at = now()
        where user_id = ${r.user_id} and ended_at is null`.execute(ctx.db);
      break;
    }
  }
}

/**
 * Drops this process's memo of the credential checks of the users `events` are about (their subject),
 * once the rows are committed: dropped before, a check in between would memoize the rows being replaced.
 */
export function forgetAuthChecks(events: readonly TEventEnvelope[]): void {
  for (const e of events) authCheckCache.invalidate(e.subject);
}

/**
 * Auth source of a service that keeps the kit read model: one query in the request's transaction. A
 * client counts only when identity announced it and has not ended it (an allow-list). The token's
 * expiry is the plugin's business (its clock). `unseen` answers for a client the read model has not
 * heard of yet (distributed profile: the issue event may still be on its way; see
 * docs/decisions/auth.md); without it such a client is refused.
 */
export function readModelAuthSource(
  schema: string,
  options: {
    unseen?: (req: FastifyRequest, claims: TAccessClaims, accessToken: string) => Promise<boolean>;
  } = {},
): TAuthSource {
  const t = (name: string) => sql.table(`${schema}.${name}`);
  return {
    async check(req, claims, accessToken) {
      const db = await req.db();
      const { rows } = await sql<{ session: 'active' | 'ended' | null; roles: TRoleRef[] }>`
        select (select case when ended_at is null then 'active' else 'ended' end from ${t('auth_sessions')}
            where client = ${claims.cid} and user_id = ${claims.sub}) as session,
          coalesce((select json_agg(json_build_object('name', name, 'resourceType', resource_type, 'resourceId', resource_id)
            order by resource_id, name) from ${t('auth_roles')} where user_id = ${claims.sub}), '[]'::json) as roles`.execute(
        db,
      );
      const row = rows[0];
      if (!row || row.session === 'ended') return null;
      if (row.session === null && !(await options.unseen?.(req, claims, accessToken))) return null;
      return { roles: row.roles };
    },
  };
}
