import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';
import type { TRoleRef } from '@stageplein/contracts/identity/roles';
import type { TTenantId } from '@stageplein/contracts/tenants/tenant.types';
import { hashToken } from '@stageplein/kit/auth/token-hash';
import type { TAuthSource } from '@stageplein/kit/auth/auth.types';
import type { TServiceModule } from '@stageplein/kit/service';
import { SCHEMA, requestDb } from './database.ts';
import { migrations } from './migrations/index.ts';
import { authRoutes } from './auth/auth.routes.ts';
import { installRateLimits } from './auth/rate-limit.ts';
import { passwordlessRoutes } from './passwordless/passwordless.routes.ts';
import { confirmationRoutes } from './confirmation/confirmation.routes.ts';
import { currentUserRoutes } from './current-user/current-user.routes.ts';
import { usersRoutes } from './users/users.routes.ts';
import { rolesRoutes } from './roles/roles.routes.ts';
import { impersonationRoutes } from './impersonation/impersonation.routes.ts';
import { accountDeletionRoutes } from './account-deletion/account-deletion.routes.ts';
import { devMailboxRoutes } from './mail/dev-mailbox.routes.ts';
import { studentsBulkRoutes } from './internal-import/students-bulk.routes.ts';
import { sessionsRoutes } from './auth/sessions.routes.ts';
import { educationSsoRoutes } from './education-sso/education-sso.routes.ts';
import { educationSsoSettingsRoutes } from './education-sso/education-sso-settings.routes.ts';
import { seedTenant } from './seeds/seed.ts';
import { organizationSignupsConsumer } from './organization-signups/organization-signups.consumer.ts';
import { mailDeliveryStatusConsumer } from '@stageplein/kit/mail/mail-delivery-status.consumer';
import { organizationsReadModelConsumer } from '@stageplein/kit/read-models/organizations-read-model.consumer';
import { ORGANIZATIONS_READ_MODEL_GROUP } from './organizations/organizations.repository.ts';
import { changedUsers } from './shared/request.ts';
import { authCheckCache } from '@stageplein/kit/auth/auth-cache';
import { SERVICE_PREFIXES } from '@stageplein/contracts/routes/service-prefixes';
import { IDENTITY_CONFIG, type TIdentityConfig, type TIdentityDeps } from './identity.config.ts';

const routes: FastifyPluginAsync<TIdentityDeps> = async (app, deps) => {
  // The request's transaction commits in an earlier onSend hook; a check that ran between the change
  // and the commit may have memoized the old state, so drop the changed users' memos once more.
  // A change to credentials (sign-in, sign-out, reset, deactivation, roles…) answers only once every
  // running service has applied its events, in both profiles (docs/decisions/auth.md).
  app.addHook('onSend', async (req, reply, payload) => {
    const changed = changedUsers(req);
    for (const userId of changed ?? []) authCheckCache.invalidate(userId);
    if (changed?.size && reply.statusCode < 400 && deps.outboxSettled) {
      if (!(await deps.outboxSettled(SCHEMA, req.tenant.id)))
        req.log.warn('identity events not yet applied everywhere');
    }
    return payload;
  });
  // Limits per address and per account on the routes that name one (auth/rate-limit.ts).
  await installRateLimits(app, deps.config);
  await app.register(authRoutes, deps);
  await app.register(passwordlessRoutes, deps);
  await app.register(confirmationRoutes, deps);
  await app.register(currentUserRoutes, deps);
  await app.register(usersRoutes, deps);
  await app.register(rolesRoutes, deps);
  await app.register(impersonationRoutes, deps);
  await app.register(accountDeletionRoutes, deps);
  await app.register(studentsBulkRoutes, deps);
  await app.register(sessionsRoutes, deps);
  await app.register(educationSsoRoutes, deps);
  await app.register(educationSsoSettingsRoutes, deps);
  if (deps.config.DEV_MAILBOX && deps.config.NODE_ENV !== 'production') {
    await app.register(devMailboxRoutes, deps);
  }
};

/**
 * Identity checks credentials against its own tables: the client's session row (by token hash, so a
 * signed-out or evicted client fails at once) and the roles table.
 */
function identityAuthSource(deps: TIdentityDeps): TAuthSource {
  return {
    async check(req, claims, accessToken) {
      const db = await requestDb(req);
      const now = deps.now?.() ?? new Date();
      const { rows } = await sql<{ roles: TRoleRef[] }>`
        select coalesce((select json_agg(json_build_object('name', r.name, 'resourceType', r.resource_type, 'resourceId', r.resource_id)
          order by r.created_at, r.id) from identity.roles r where r.user_id = s.user_id), '[]'::json) as roles
        from identity.sessions s
        where s.client = ${claims.cid} and s.token_hash = ${hashToken(accessToken)}
          and s.user_id = ${claims.sub} and s.expires_at > ${now}`.execute(db);
      return rows[0] ? { roles: rows[0].roles } : null;
    },
  };
}

export const identityService: TServiceModule<TIdentityConfig> = {
  name: 'identity',
  configKeys: IDENTITY_CONFIG,
  schema: SCHEMA,
  prefixes: SERVICE_PREFIXES.identity,
  migrations,
  routes,
  auth: identityAuthSource,
  consumers: (deps) => [
    organizationSignupsConsumer(deps),
    organizationsReadModelConsumer(deps, SCHEMA, ORGANIZATIONS_READ_MODEL_GROUP),
    mailDeliveryStatusConsumer(deps, SCHEMA),
  ],
  async seedTenant(ctx, tenant) {
    // The demo accounts' hashes cost what new ones do (PASSWORD_SCRYPT_COST; 15 unless configured).
    await seedTenant(
      ctx,
      tenant as TTenantId,
      (ctx.config as TIdentityConfig | undefined)?.PASSWORD_SCRYPT_COST ?? 15,
    );
  },
};
