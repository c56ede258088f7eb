import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The access token of the devise_token_auth headers: a compact JWT (HS256) signed with the shared
 * AUTH_TOKEN_SECRET, so every service can check it without asking identity. Only HS256 with our own
 * fixed header is accepted (no `alg` negotiation, so no `none` or key-confusion attacks).
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

const HEADER = base64url(Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })));

function base64url(buf: Buffer): string {
  return buf.toString('base64url');
}

function sign(input: string, secret: string): Buffer {
  return createHmac('sha256', secret).update(input).digest();
}

export function signAccessToken(
  claims: Omit<TAccessClaims, 'jti'> & { jti?: string },
  secret: string,
): string {
  const payload = base64url(
    Buffer.from(JSON.stringify({ ...claims, jti: claims.jti ?? randomBytes(16).toString('base64url') })),
  );
  const input = `${HEADER}.${payload}`;
  return `${input}.${base64url(sign(input, secret))}`;
}

const isString = (v: unknown): v is string => typeof v === 'string' && v.length > 0;

/** The claims of a token signed with `secret` that has not expired at `now`; undefined otherwise. */
export function verifyAccessToken(token: string, secret: string, now: Date): TAccessClaims | undefined {
  const parts = token.split('.');
  if (parts.length !== 3 || parts[0] !== HEADER) return undefined;
  const expected = sign(`${parts[0]}.${parts[1]}`, secret);
  const given = Buffer.from(parts[2]!, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  let claims: Partial<TAccessClaims>;
  try {
    claims = JSON.parse(Buffer.from(parts[1]!, 'base64url').toString('utf8')) as Partial<TAccessClaims>;
  } catch {
    return undefined;
  }
  if (![claims.sub, claims.ten, claims.cid, claims.uid, claims.jti].every(isString)) return undefined;
  if (typeof claims.exp !== 'number' || typeof claims.iat !== 'number') return undefined;
  if (claims.imp !== undefined && !isString(claims.imp)) return undefined;
  if (claims.exp * 1000 <= now.getTime()) return undefined;
  return claims as TAccessClaims;
}
