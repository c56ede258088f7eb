// Same helpers as portal-ui/src/i18n/cookies.ts (the apps share no code outside contracts).
import {
  LOCALE_COOKIE,
  LOCALE_COOKIE_MAX_AGE_DAYS,
  LOCALE_COOKIE_SAME_SITE,
  type TLanguage,
} from '@stageplein/contracts/i18n/index';

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

const DAY_SECONDS = 24 * 60 * 60;

/**
 * The `document.cookie` assignment that remembers the language (spec §9: 365 days, SameSite=Lax),
 * for the whole site so the gateway and both apps see it.
 */
export function localeCookie(lang: TLanguage, options: { secure?: boolean } = {}): string {
  const sameSite = LOCALE_COOKIE_SAME_SITE.charAt(0).toUpperCase() + LOCALE_COOKIE_SAME_SITE.slice(1);
  const parts = [
    `${LOCALE_COOKIE}=${encodeURIComponent(lang)}`,
    'Path=/',
    `Max-Age=${LOCALE_COOKIE_MAX_AGE_DAYS * DAY_SECONDS}`,
    `SameSite=${sameSite}`,
  ];
  if (options.secure) parts.push('Secure');
  return parts.join('; ');
}
