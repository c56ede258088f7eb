/**
 * Cookie helpers shared by both front ends and the gateway (pure: they read and build cookie strings,
 * they never touch `document`).
 */

/** The value of cookie `name` in a `document.cookie`-style string (first one wins), URI-decoded. */
export function readCookie(cookies: string | null | undefined, name: string): string | undefined {
  if (!cookies) return undefined;
  for (const part of cookies.split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1) continue;
    if (part.slice(0, eq).trim() !== name) continue;
    const raw = part.slice(eq + 1).trim();
    const value = raw.startsWith('"') && raw.endsWith('"') && raw.length >= 2 ? raw.slice(1, -1) : raw;
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }
  return undefined;
}

export interface TCookieOptions {
  /** Lifetime in seconds; 0 deletes the cookie; undefined makes it a session cookie. */
  maxAgeSeconds?: number;
  sameSite?: 'lax' | 'strict';
  secure?: boolean;
  path?: string;
}

/** A `document.cookie` assignment: `name=value; Path=/; Max-Age=…; SameSite=Lax[; Secure]`. */
export function cookieAssignment(name: string, value: string, options: TCookieOptions = {}): string {
  const sameSite = options.sameSite ?? 'lax';
  const parts = [`${name}=${encodeURIComponent(value)}`, `Path=${options.path ?? '/'}`];
  if (options.maxAgeSeconds !== undefined)
    parts.push(`Max-Age=${Math.max(0, Math.floor(options.maxAgeSeconds))}`);
  parts.push(`SameSite=${sameSite.charAt(0).toUpperCase()}${sameSite.slice(1)}`);
  if (options.secure) parts.push('Secure');
  return parts.join('; ');
}
