import { cookieAssignment, readCookie } from './cookies.ts';

/**
 * Spec §3/§4 auth credentials (devise_token_auth): `access-token`, `client` and `uid`, kept in
 * cookies of those names; `expiry` (epoch seconds) and `token-type` travel along when present.
 */
export interface TAuthCredentials {
  accessToken: string;
  client: string;
  uid: string;
  /** Epoch seconds after which the token is no longer accepted. */
  expiry?: number;
  tokenType?: string;
}

export type TAuthState = 'SIGNED_IN' | 'SIGNED_OUT';

/** Names of the credential headers and cookies. */
export const CREDENTIAL_NAMES = {
  accessToken: 'access-token',
  client: 'client',
  uid: 'uid',
  expiry: 'expiry',
  tokenType: 'token-type',
} as const;

/** Spec §9: user and roles are cleared this long after the credentials (sign-out). */
export const SIGN_OUT_CLEAR_DELAY_MS = 500;

const clean = (v: string | null | undefined) => (typeof v === 'string' && v.trim() ? v.trim() : undefined);

function assemble(read: (name: string) => string | null | undefined): TAuthCredentials | undefined {
  const accessToken = clean(read(CREDENTIAL_NAMES.accessToken));
  const client = clean(read(CREDENTIAL_NAMES.client));
  const uid = clean(read(CREDENTIAL_NAMES.uid));
  // Spec §4: signed in only when all three are present; a partial set counts as none.
  if (!accessToken || !client || !uid) return undefined;
  const credentials: TAuthCredentials = { accessToken, client, uid };
  const expiry = Number(clean(read(CREDENTIAL_NAMES.expiry)));
  if (Number.isFinite(expiry) && expiry > 0) credentials.expiry = expiry;
  const tokenType = clean(read(CREDENTIAL_NAMES.tokenType));
  if (tokenType) credentials.tokenType = tokenType;
  return credentials;
}

/** Credentials delivered in response headers (sign-in, sign-in-as-user); undefined when incomplete. */
export function credentialsFromHeaders(headers: {
  get(name: string): string | null;
}): TAuthCredentials | undefined {
  return assemble((name) => headers.get(name));
}

/** Credentials kept in cookies (`document.cookie`). */
export function credentialsFromCookies(cookies: string | null | undefined): TAuthCredentials | undefined {
  return assemble((name) => readCookie(cookies, name));
}

export function authState(credentials: TAuthCredentials | undefined | null): TAuthState {
  return credentials && credentials.accessToken && credentials.client && credentials.uid
    ? 'SIGNED_IN'
    : 'SIGNED_OUT';
}

/** True when the token's expiry has passed (credentials without an expiry never expire here). */
export function isExpired(credentials: TAuthCredentials, nowMs: number): boolean {
  return credentials.expiry !== undefined && credentials.expiry * 1000 <= nowMs;
}

/** The request headers that carry the credentials. */
export function credentialHeaders(credentials: TAuthCredentials | undefined): Record<string, string> {
  if (!credentials) return {};
  const headers: Record<string, string> = {
    [CREDENTIAL_NAMES.accessToken]: credentials.accessToken,
    [CREDENTIAL_NAMES.client]: credentials.client,
    [CREDENTIAL_NAMES.uid]: credentials.uid,
  };
  if (credentials.expiry !== undefined) headers[CREDENTIAL_NAMES.expiry] = String(credentials.expiry);
  if (credentials.tokenType) headers[CREDENTIAL_NAMES.tokenType] = credentials.tokenType;
  return headers;
}

/** Fallback lifetime of the credential cookies when the server sent no expiry: 14 days. */
const DEFAULT_MAX_AGE_SECONDS = 14 * 24 * 60 * 60;

/**
 * `document.cookie` assignments that store the credentials: site wide, SameSite=Lax, living as long
 * as the token (from `expiry`), Secure on https.
 */
export function credentialCookies(
  credentials: TAuthCredentials,
  options: { nowMs: number; secure?: boolean },
): string[] {
  const maxAgeSeconds =
    credentials.expiry !== undefined
      ? Math.max(0, credentials.expiry - Math.floor(options.nowMs / 1000))
      : DEFAULT_MAX_AGE_SECONDS;
  const cookie = (name: string, value: string) =>
    cookieAssignment(name, value, { maxAgeSeconds, sameSite: 'lax', secure: options.secure });
  const cookies = [
    cookie(CREDENTIAL_NAMES.accessToken, credentials.accessToken),
    cookie(CREDENTIAL_NAMES.client, credentials.client),
    cookie(CREDENTIAL_NAMES.uid, credentials.uid),
  ];
  if (credentials.expiry !== undefined)
    cookies.push(cookie(CREDENTIAL_NAMES.expiry, String(credentials.expiry)));
  if (credentials.tokenType) cookies.push(cookie(CREDENTIAL_NAMES.tokenType, credentials.tokenType));
  return cookies;
}

/** Assignments that delete every credential cookie. */
export function clearedCredentialCookies(options: { secure?: boolean } = {}): string[] {
  return Object.values(CREDENTIAL_NAMES).map((name) =>
    cookieAssignment(name, '', { maxAgeSeconds: 0, sameSite: 'lax', secure: options.secure }),
  );
}

/** Where the API client keeps credentials (cookies in the browser, memory in tests). */
export interface TCredentialStore {
  get(): TAuthCredentials | undefined;
  set(credentials: TAuthCredentials): void;
  clear(): void;
}

export function memoryCredentialStore(initial?: TAuthCredentials): TCredentialStore {
  let current = initial;
  return {
    get: () => current,
    set: (c) => {
      current = c;
    },
    clear: () => {
      current = undefined;
    },
  };
}

/**
 * A store backed by a `document.cookie`-like accessor: reads parse the cookie string each time (so
 * another tab's sign-out is seen), writes assign one cookie at a time.
 */
export function cookieCredentialStore(jar: {
  read(): string;
  write(assignment: string): void;
  now(): number;
  secure(): boolean;
}): TCredentialStore {
  return {
    get: () => credentialsFromCookies(jar.read()),
    set: (c) => {
      for (const assignment of credentialCookies(c, { nowMs: jar.now(), secure: jar.secure() }))
        jar.write(assignment);
    },
    clear: () => {
      for (const assignment of clearedCredentialCookies({ secure: jar.secure() })) jar.write(assignment);
    },
  };
}
