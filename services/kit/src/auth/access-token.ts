import { createHash, randomBytes } from 'node:crypto';
import type { FastifyJWTOptions } from '@fastify/jwt';
import type { FastifyRequest } from 'fastify';
import { createDecoder, createSigner, createVerifier } from 'fast-jwt';
import type { TAuthKeys } from './auth-keys.ts';
import { readCredentials } from './credentials.ts';

/**
 * The access token of the devise_token_auth headers: a compact JWT (HS256). Signed and verified by
 * `@fastify/jwt` (every service's auth plugin) and fast-jwt, the library it is built on (identity
 * signs in its use cases, outside a reply), with one set of options: only HS256, `typ` JWT, every
 * claim required. The header's `kid` names the key, so during a rotation tokens signed with a former
 * key (AUTH_TOKEN_PREVIOUS_SECRETS) keep verifying while new ones are signed with AUTH_TOKEN_SECRET.
 * Expiry is checked against the caller's clock (tests pin it), not the library's.
 */
export interface TAccessClaims {
  /** User id. */
  sub: string;
  /** Tenant the user belongs to; the token is worthless on another tenant. */
  ten: string;
  /** devise_token_auth `client`: one per signed-in device/browser. */
  cid: string;
  /** devise_token_auth `uid` (the email at sign-in). */
  uid: string;
  /** Who is impersonating, for "sign in as user" tokens. */
  imp?: string;
  /** Issued at / expires at, seconds since the epoch. */
  iat: number;
  exp: number;
  /** Random id: makes every token unique (and its hash a lookup key). */
  jti: string;
}

/** Accepts a single key for callers that do not rotate (tests, scripts). */
type TKeys = TAuthKeys | string;
const keysOf = (keys: TKeys): TAuthKeys =>
  typeof keys === 'string' ? { signing: keys, verifying: [keys] } : keys;

/** A key's public name in the token header: a short hash, never the key. */
export const keyId = (key: string) =>
  createHash('sha256').update(`kid:${key}`).digest('base64url').slice(0, 16);

const VERIFY = {
  algorithms: ['HS256' as const],
  checkTyp: 'jwt',
  requiredClaims: ['sub', 'ten', 'cid', 'uid', 'iat', 'exp', 'jti'],
  // Expiry is checked on the caller's clock (see `expired`); the library checks everything else.
  ignoreExpiration: true,
};

/** The verifying key a token names (no `kid`: the signing key, as before rotation existed). */
function keyFor(keys: TAuthKeys, kid: unknown): string | undefined {
  if (kid === undefined) return keys.verifying[0];
  return keys.verifying.find((k) => keyId(k) === kid);
}

const isString = (v: unknown): v is string => typeof v === 'string' && v.length > 0;

/** Claims of the right shape (the library only checks that the required ones exist). */
function wellFormed(claims: Partial<TAccessClaims>): claims is TAccessClaims {
  if (![claims.sub, claims.ten, claims.cid, claims.uid, claims.jti].every(isString)) return false;
  if (typeof claims.exp !== 'number' || typeof claims.iat !== 'number') return false;
  return claims.imp === undefined || isString(claims.imp);
}

export const expired = (claims: Pick<TAccessClaims, 'exp'>, now: Date) => claims.exp * 1000 <= now.getTime();

/** Options of `@fastify/jwt` for our access tokens: devise's header/cookie, key by `kid`. */
export function accessTokenJwtOptions(keys: TKeys): FastifyJWTOptions {
  const k = keysOf(keys);
  return {
    secret: async (_req: FastifyRequest, token: { header?: { kid?: unknown } }) => {
      const key = keyFor(k, token.header?.kid);
      if (!key) throw new Error('unknown key');
      return key;
    },
    decode: { complete: true },
    sign: { algorithm: 'HS256', key: k.signing, kid: keyId(k.signing) },
    verify: {
      ...VERIFY,
      extractToken: (req: FastifyRequest) => readCredentials(req)?.accessToken,
    },
  } as FastifyJWTOptions;
}

const decode = createDecoder({ complete: true });
const signers = new Map<string, (payload: object) => string>();
const verifiers = new Map<string, (token: string) => Partial<TAccessClaims>>();

export function signAccessToken(claims: Omit<TAccessClaims, 'jti'> & { jti?: string }, keys: TKeys): string {
  const { signing } = keysOf(keys);
  let sign = signers.get(signing);
  if (!sign) {
    sign = createSigner({ key: signing, algorithm: 'HS256', kid: keyId(signing) });
    signers.set(signing, sign);
  }
  return sign({ ...claims, jti: claims.jti ?? randomBytes(16).toString('base64url') });
}

/** The claims of a token signed with one of `keys` that has not expired at `now`; undefined otherwise. */
export function verifyAccessToken(token: string, keys: TKeys, now: Date): TAccessClaims | undefined {
  try {
    const key = keyFor(keysOf(keys), (decode(token) as { header: { kid?: unknown } }).header.kid);
    if (!key) return undefined;
    let verify = verifiers.get(key);
    if (!verify) {
      verify = createVerifier({ ...VERIFY, key }) as (token: string) => Partial<TAccessClaims>;
      verifiers.set(key, verify);
    }
    const claims = verify(token);
    return wellFormed(claims) && !expired(claims, now) ? claims : undefined;
  } catch {
    return undefined;
  }
}

/** Claims as `@fastify/jwt` verified them (request.jwtVerify), checked for shape and expiry. */
export function acceptedClaims(verified: unknown, now: Date): TAccessClaims | undefined {
  const claims = verified as Partial<TAccessClaims>;
  return claims && wellFormed(claims) && !expired(claims, now) ? claims : undefined;
}
