import type { FastifyRequest } from 'fastify';
import { TENANT_HEADER } from '@stageplein/contracts/http/headers';
import type { TAccessClaims } from './access-token.ts';
import { signServiceToken } from './service-token.ts';
import { hashToken } from './token-hash.ts';

/** Identity's internal answer to "does this client count?" (services/identity/src/auth/sessions.routes.ts). */
export const SESSION_CHECK_PATH = '/internal/v1/sessions/check';

/**
 * Distributed profile: a client this service's read model has not seen yet (its issue event is still
 * on its way through Kafka) is checked with identity itself, over HTTP with a service token. Only the
 * token's hash travels. Any failure counts as "no": the client is refused, never waved through.
 */
export function identitySessionCheck(identityUrl: string, secret: string) {
  return async (_req: FastifyRequest, claims: TAccessClaims, accessToken: string): Promise<boolean> => {
    try {
      const res = await fetch(new URL(SESSION_CHECK_PATH, identityUrl), {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [TENANT_HEADER]: claims.ten,
          authorization: `Bearer ${signServiceToken('auth', claims.ten, secret)}`,
        },
        body: JSON.stringify({ client: claims.cid, user_id: claims.sub, token_hash: hashToken(accessToken) }),
        signal: AbortSignal.timeout(5000),
      });
      return res.ok && ((await res.json()) as { active?: unknown }).active === true;
    } catch {
      return false;
    }
  };
}
