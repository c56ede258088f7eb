import type { FastifyRequest } from 'fastify';

/** The devise_token_auth credentials of a request (spec §3 "Auth credentials"). */
export interface TCredentials {
  accessToken: string;
  client: string;
  uid: string;
}

function cookies(header: string | undefined): Map<string, string> {
  const jar = new Map<string, string>();
  if (!header) return jar;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const key = part.slice(0, eq).trim();
    try {
      jar.set(key, decodeURIComponent(part.slice(eq + 1).trim()));
    } catch {
      // A malformed cookie value counts as absent.
    }
  }
  return jar;
}

const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v)?.trim() || undefined;

/**
 * Headers win; otherwise the cookies of the same names that the front ends keep them in. Spec §4:
 * signed in only when all three are present, so a partial set is no credentials at all.
 */
export function readCredentials(req: FastifyRequest): TCredentials | undefined {
  let accessToken = first(req.headers['access-token']);
  let client = first(req.headers.client);
  let uid = first(req.headers.uid);
  if (!accessToken && !client && !uid && req.headers.cookie) {
    const jar = cookies(req.headers.cookie);
    accessToken = jar.get('access-token') || undefined;
    client = jar.get('client') || undefined;
    uid = jar.get('uid') || undefined;
  }
  return accessToken && client && uid ? { accessToken, client, uid } : undefined;
}
