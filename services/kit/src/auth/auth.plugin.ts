import fastifyJwt from '@fastify/jwt';
import fp from 'fastify-plugin';
import { CURRENT_ORGANIZATION_HEADER } from '@stageplein/contracts/http/headers';
import { derivePermissions } from '@stageplein/contracts/identity/permissions';
import type { TTenantId } from '@stageplein/contracts/tenants/tenant.types';
import type { TAuth, TAuthSource } from './auth.types.ts';
import { readCredentials } from './credentials.ts';
import { authCheckCache } from './auth-cache.ts';
import { verifiedTokens } from './verified-tokens.ts';
import { acceptedClaims, accessTokenJwtOptions } from './access-token.ts';
import type { TAuthKeys } from './auth-keys.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The verified caller, or null (no, partial, invalid, expired or revoked credentials). */
    auth: TAuth | null;
  }
}

export interface TAuthPluginOptions {
  /** Signing key and the keys that verify (key rotation); see auth-keys.ts. */
  keys: TAuthKeys;
  source: TAuthSource;
  now?: () => Date;
  /** How long a positive check may be reused in this process (see auth-cache.ts); 0 disables it. */
  cacheSeconds?: number;
}

let scopes = 0;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Checks the devise_token_auth credentials of every request in this service itself (DESIGN §4):
 * signature (once per token and process, see verified-tokens.ts) and expiry of the access token, that
 * `client` and `uid` are the token's, that the token is for this tenant, then the revocation list and
 * the roles from the service's auth source (on every request, memoized per auth-cache.ts). Bad
 * credentials leave the request anonymous; routes that need a user say so with `requireAuth`.
 */
export const authPlugin = fp<TAuthPluginOptions>(
  async (app, { keys, source, now = () => new Date(), cacheSeconds = 0 }) => {
    const scope = ++scopes;
    // @fastify/jwt checks signature, algorithm, typ and claims; its extractToken reads devise's
    // `access-token` header or cookie. The memo spares repeated checks of the same token.
    await app.register(fastifyJwt, accessTokenJwtOptions(keys));
    const verified = verifiedTokens();
    app.decorateRequest('auth', null);
    app.addHook('preHandler', async (req) => {
      const credentials = readCredentials(req);
      if (!credentials) return;
      const at = now();
      const claims = await verified(credentials.accessToken, at, () =>
        req.jwtVerify().then(
          (payload) => acceptedClaims(payload, at),
          () => undefined,
        ),
      );
      if (!claims || claims.cid !== credentials.client || claims.uid !== credentials.uid) return;
      if (claims.ten !== req.tenant.id) return;
      const checked = await authCheckCache.get(
        `${scope}|${claims.ten}|${claims.cid}|${claims.jti}`,
        claims.sub,
        cacheSeconds * 1000,
        () => source.check(req, claims, credentials.accessToken),
      );
      if (!checked) return;
      const header = req.headers[CURRENT_ORGANIZATION_HEADER];
      const organizationId = typeof header === 'string' && UUID.test(header) ? header.toLowerCase() : null;
      req.auth = {
        userId: claims.sub,
        tenant: claims.ten as TTenantId,
        client: claims.cid,
        uid: claims.uid,
        impersonatorId: claims.imp ?? null,
        expiresAt: new Date(claims.exp * 1000),
        roles: checked.roles,
        organizationId,
        permissions: derivePermissions(checked.roles, organizationId ? { id: organizationId } : null),
        factsTtlMs: cacheSeconds * 1000,
      };
    });
  },
  { name: 'stageplein-auth', dependencies: ['stageplein-tenant', 'stageplein-tenant-transaction'] },
);
