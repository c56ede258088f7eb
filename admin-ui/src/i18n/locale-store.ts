import type { Store } from 'ra-core';
import { isLanguage, type TLanguage } from '@stageplein/contracts/i18n/index';

export interface TLocaleCookieAccess {
  /** The language in the `locale` cookie, if any. */
  read: () => string | undefined;
  /** Writes the `locale` cookie. */
  write: (lang: TLanguage) => void;
}

const LOCALE_KEY = 'locale';

/**
 * react-admin keeps the chosen locale in its store (localStorage); the platform keeps it in the
 * `locale` cookie, shared with the portal and read by the gateway. This store wrapper makes the
 * cookie the source of truth for that one key, so react-admin's language menu writes the cookie and
 * a language chosen in the portal is the admin's language too. Every other key is the base store's.
 */
export function cookieLocaleStore(base: Store, cookie: TLocaleCookieAccess): Store {
  return {
    ...base,
    getItem<T = unknown>(key: string, defaultValue?: T): T | undefined {
      if (key !== LOCALE_KEY) return base.getItem(key, defaultValue);
      const lang = cookie.read();
      return isLanguage(lang) ? (lang as T) : defaultValue;
    },
    setItem<T = unknown>(key: string, value: T): void {
      if (key === LOCALE_KEY && isLanguage(value)) cookie.write(value);
      // The base store notifies subscribers (and keeps its own copy, which getItem ignores).
      base.setItem(key, value);
    },
  };
}
