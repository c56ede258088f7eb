import type { z } from 'zod';
import {
  MAGISTER_PAGE_SIZE,
  MAGISTER_PATHS,
  MAGISTER_SCOPE,
  ZMagisterClass,
  ZMagisterStudent,
  ZMagisterToken,
  zMagisterPage,
  type TMagisterClass,
  type TMagisterStudent,
} from '@stageplein/contracts/imports/roster';

/** A school's connection as the adapter uses it (the secret opened). */
export interface TMagisterConnection {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
}

/**
 * Magister refused or failed. `retryable`: worth trying again later (unavailable, rate limits beyond
 * patience); not for what the school must fix (credentials, consent, a wrong address).
 */
export class RosterSourceError extends Error {
  constructor(
    readonly code:
      'unauthorized' | 'forbidden' | 'not_found' | 'unavailable' | 'bad_response' | 'host_not_allowed',
    readonly retryable: boolean,
    detail: string,
  ) {
    super(`magister ${code}: ${detail}`);
    this.name = 'RosterSourceError';
  }
}

export interface TMagisterClientOptions {
  fetch?: typeof fetch;
  /** Host names allowed (MAGISTER_HOSTS): an entry starting with `.` admits its subdomains. */
  allowedHosts: readonly string[];
  /** Longest Retry-After honoured before giving up on a 429 (the activity is retried later). */
  maxRetryAfterMs?: number;
  /** Attempts per request on 429 and 5xx. */
  attempts?: number;
  sleep?: (ms: number) => Promise<void>;
  pageSize?: number;
}

export const parseAllowedHosts = (value: string) =>
  value
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);

export function hostAllowed(url: string, allowed: readonly string[]): boolean {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase();
  } catch {
    return false;
  }
  return allowed.some((a) => (a.startsWith('.') ? host.endsWith(a) && host.length > a.length : host === a));
}

/** Retry-After in seconds or as an HTTP date; absent: 1 s. */
export function retryAfterMs(header: string | null, now = Date.now()): number {
  if (!header) return 1000;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(header);
  return Number.isFinite(at) ? Math.max(0, at - now) : 1000;
}

/**
 * Magister's roster interface (docs/decisions/workflows.md "Roster sources"): a client-credentials token, then the
 * students and classes page by page. 429 waits for Retry-After, 5xx and network errors are tried again
 * with a short backoff; 401/403/404 are the school's to fix and end the import with their reason.
 */
export function magisterClient(connection: TMagisterConnection, options: TMagisterClientOptions) {
  const doFetch = options.fetch ?? fetch;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const attempts = options.attempts ?? 5;
  const maxWait = options.maxRetryAfterMs ?? 60_000;
  const pageSize = options.pageSize ?? MAGISTER_PAGE_SIZE;
  if (!hostAllowed(connection.baseUrl, options.allowedHosts))
    throw new RosterSourceError('host_not_allowed', false, new URL(connection.baseUrl).hostname);
  const url = (path: string) => new URL(path, connection.baseUrl.replace(/\/?$/, '/')).toString();
  let token: { value: string; until: number } | undefined;

  async function request(path: string, init: () => RequestInit): Promise<unknown> {
    for (let attempt = 1; ; attempt++) {
      let res: Response;
      try {
        res = await doFetch(url(path.replace(/^\//, '')), { ...init(), signal: AbortSignal.timeout(30_000) });
      } catch (error) {
        if (attempt >= attempts)
          throw new RosterSourceError(
            'unavailable',
            true,
            error instanceof Error ? error.message : String(error),
          );
        await sleep(250 * 2 ** attempt);
        continue;
      }
      if (res.ok) {
        try {
          return await res.json();
        } catch {
          throw new RosterSourceError('bad_response', false, `${path}: not JSON`);
        }
      }
      const body = (await res.text()).slice(0, 200);
      if (res.status === 429) {
        const wait = retryAfterMs(res.headers.get('retry-after'));
        if (attempt >= attempts || wait > maxWait)
          throw new RosterSourceError(
            'unavailable',
            true,
            `${path}: rate limited (429), retry after ${wait} ms`,
          );
        await sleep(wait);
        continue;
      }
      if (res.status >= 500 || res.status === 408) {
        if (attempt >= attempts)
          throw new RosterSourceError('unavailable', true, `${path}: ${res.status} ${body}`);
        await sleep(250 * 2 ** attempt);
        continue;
      }
      if (res.status === 401) throw new RosterSourceError('unauthorized', false, `${path}: 401 ${body}`);
      if (res.status === 403) throw new RosterSourceError('forbidden', false, `${path}: 403 ${body}`);
      if (res.status === 404) throw new RosterSourceError('not_found', false, `${path}: 404`);
      throw new RosterSourceError('bad_response', false, `${path}: ${res.status} ${body}`);
    }
  }

  async function accessToken(): Promise<string> {
    if (token && token.until > Date.now()) return token.value;
    const raw = await request(MAGISTER_PATHS.token, () => ({
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: connection.clientId,
        client_secret: connection.clientSecret,
        scope: MAGISTER_SCOPE,
      }).toString(),
    }));
    const parsed = ZMagisterToken.safeParse(raw);
    if (!parsed.success) throw new RosterSourceError('bad_response', false, 'token: unexpected shape');
    token = { value: parsed.data.access_token, until: Date.now() + (parsed.data.expires_in - 30) * 1000 };
    return token.value;
  }

  async function all<T extends z.ZodType>(path: string, item: T, onPage?: () => void): Promise<z.infer<T>[]> {
    const schema = zMagisterPage(item);
    const items: z.infer<T>[] = [];
    for (let skip = 0; ;) {
      const bearer = await accessToken();
      const raw = await request(`${path}?skip=${skip}&top=${pageSize}`, () => ({
        headers: { authorization: `Bearer ${bearer}`, accept: 'application/json' },
      }));
      const page = schema.safeParse(raw);
      if (!page.success) throw new RosterSourceError('bad_response', false, `${path}: unexpected shape`);
      items.push(...(page.data.items as z.infer<T>[]));
      onPage?.();
      skip += page.data.items.length;
      if (!page.data.items.length || skip >= page.data.totalCount) return items;
    }
  }

  return {
    students: (onPage?: () => void): Promise<TMagisterStudent[]> =>
      all(MAGISTER_PATHS.students, ZMagisterStudent, onPage),
    classes: (onPage?: () => void): Promise<TMagisterClass[]> =>
      all(MAGISTER_PATHS.classes, ZMagisterClass, onPage),
    /** Writes one record (the write-back, magister-write-back.ts): same token, retries and refusals. */
    async put(path: string, body: unknown): Promise<unknown> {
      const bearer = await accessToken();
      return request(path, () => ({
        method: 'PUT',
        headers: {
          authorization: `Bearer ${bearer}`,
          accept: 'application/json',
          'content-type': 'application/json',
        },
        body: JSON.stringify(body),
      }));
    },
  };
}
