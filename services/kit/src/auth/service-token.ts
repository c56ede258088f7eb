import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { unauthorized } from '../errors/api-error.ts';

/**
 * Credentials of one of our own processes (the workflow worker) calling a service's internal API
 * (`/internal/v1/...`): a short-lived HS256 token signed with the shared AUTH_TOKEN_SECRET, bound to a
 * tenant. Its header has its own `typ`, so it can never pass as a user's access token or the other
 * way round (access-token.ts accepts only its own header).
 */
export interface TServiceClaims {
  /** The calling process, e.g. `workflows`. */
  svc: string;
  /** The tenant the call acts in; the service checks it against the request's tenant. */
  ten: string;
  iat: number;
  exp: number;
  jti: string;
}

const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'stageplein-service' })).toString('base64url');
const sign = (input: string, secret: string) =>
  createHmac('sha256', `service:${secret}`).update(input).digest();

export function signServiceToken(
  svc: string,
  tenant: string,
  secret: string,
  now = new Date(),
  ttlSeconds = 300,
): string {
  const iat = Math.floor(now.getTime() / 1000);
  const claims: TServiceClaims = {
    svc,
    ten: tenant,
    iat,
    exp: iat + ttlSeconds,
    jti: randomBytes(12).toString('base64url'),
  };
  const input = `${HEADER}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}`;
  return `${input}.${sign(input, secret).toString('base64url')}`;
}

export function verifyServiceToken(
  token: string,
  secret: string,
  now = new Date(),
): TServiceClaims | undefined {
  const parts = token.split('.');
  if (parts.length !== 3 || parts[0] !== HEADER) return undefined;
  const expected = sign(`${parts[0]}.${parts[1]}`, secret);
  const given = Buffer.from(parts[2]!, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  try {
    const claims = JSON.parse(Buffer.from(parts[1]!, 'base64url').toString('utf8')) as TServiceClaims;
    if (typeof claims.svc !== 'string' || typeof claims.ten !== 'string' || typeof claims.exp !== 'number')
      return undefined;
    return claims.exp * 1000 > now.getTime() ? claims : undefined;
  } catch {
    return undefined;
  }
}

/** `Authorization: Bearer <service token>` for the request's tenant, or 401. */
export function requireServiceCall(req: FastifyRequest, secret: string, now = new Date()): TServiceClaims {
  const header = req.headers.authorization;
  const token = typeof header === 'string' && header.startsWith('Bearer ') ? header.slice(7) : '';
  const claims = token ? verifyServiceToken(token, secret, now) : undefined;
  if (!claims || claims.ten !== req.tenant.id) throw unauthorized();
  return claims;
}
