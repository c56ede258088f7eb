import {
  LOCALE_COOKIE,
  LOCALE_COOKIE_MAX_AGE_DAYS,
  LOCALE_COOKIE_SAME_SITE,
  type TLanguage,
} from '../i18n/index.ts';
import { cookieAssignment } from './cookies.ts';

const DAY_SECONDS = 24 * 60 * 60;

/**
 * The `document.cookie` assignment that remembers the language (spec §9: 365 days, SameSite=Lax),
 * for the whole site so the gateway and both apps see it.
 */
export function localeCookie(lang: TLanguage, options: { secure?: boolean } = {}): string {
  return cookieAssignment(LOCALE_COOKIE, lang, {
    maxAgeSeconds: LOCALE_COOKIE_MAX_AGE_DAYS * DAY_SECONDS,
    sameSite: LOCALE_COOKIE_SAME_SITE,
    secure: options.secure,
  });
}
