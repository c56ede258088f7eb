import polyglotI18nProvider from 'ra-i18n-polyglot';
import { localStorageStore, type I18nProvider, type Store } from 'react-admin';
import { detectLanguage, LOCALE_COOKIE, toLanguage, type TLanguage } from '@stageplein/contracts/i18n/index';
import { readCookie } from '@stageplein/contracts/client/cookies';
import { localeCookie } from '@stageplein/contracts/client/locale-cookie';
import { sharedColorModeStore } from '../app/color-mode-store.ts';
import { cookieLocaleStore } from './locale-store.ts';
import { ADMIN_LOCALES, adminMessages } from './messages.ts';

/** Spec §4: cookie, then the browser's languages, then Dutch. */
export function detectBrowserLanguage(): TLanguage {
  return detectLanguage({
    cookie: readCookie(document.cookie, LOCALE_COOKIE),
    browserLanguages: navigator.languages?.length ? navigator.languages : [navigator.language],
  });
}

/** Polyglot provider over the merged messages; keeps `<html lang>` in step with the locale. */
export function createI18nProvider(initial: TLanguage): I18nProvider {
  const base = polyglotI18nProvider(adminMessages, initial, ADMIN_LOCALES, { allowMissing: true });
  document.documentElement.lang = initial;
  return {
    ...base,
    changeLocale: async (locale, options) => {
      await base.changeLocale(locale, options);
      document.documentElement.lang = toLanguage(locale) ?? initial;
    },
  };
}

/**
 * react-admin's localStorage store, with the locale kept in the shared `locale` cookie and the
 * light/dark mode in the portal's colour-mode preference.
 */
export function createAdminStore(): Store {
  const base = sharedColorModeStore(
    localStorageStore(undefined, 'Stageplein'),
    () => window.localStorage,
    () => window.matchMedia('(prefers-color-scheme: dark)').matches,
  );
  return cookieLocaleStore(base, {
    read: () => readCookie(document.cookie, LOCALE_COOKIE),
    write: (lang) => {
      document.cookie = localeCookie(lang, { secure: location.protocol === 'https:' });
    },
  });
}
