import i18next, { type i18n as TI18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  CATALOGUES,
  DEFAULT_LANGUAGE,
  detectLanguage,
  LANGUAGES,
  LOCALE_COOKIE,
  toLanguage,
  type TLanguage,
} from '@stageplein/contracts/i18n/index';
import { localeCookie, readCookie } from './cookies.ts';

/** Spec §4: cookie, then the browser's languages, then Dutch. */
export function detectBrowserLanguage(): TLanguage {
  return detectLanguage({
    cookie: readCookie(document.cookie, LOCALE_COOKIE),
    browserLanguages: navigator.languages?.length ? navigator.languages : [navigator.language],
  });
}

/** An i18next instance with the contracts catalogues; keeps `<html lang>` in step with it. */
export function createI18n(lang: TLanguage): TI18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    resources: Object.fromEntries(LANGUAGES.map((l) => [l, { translation: CATALOGUES[l] }])),
    lng: lang,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    // The catalogues are bundled, so initialisation is synchronous: no flash of raw keys.
    initAsync: false,
    // React escapes; the catalogues hold plain text.
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  instance.on('languageChanged', (lng) => {
    document.documentElement.lang = toLanguage(lng) ?? DEFAULT_LANGUAGE;
  });
  document.documentElement.lang = lang;
  return instance;
}

/** The current language of an instance, as one of ours. */
export function currentLanguage(instance: TI18n): TLanguage {
  return toLanguage(instance.resolvedLanguage ?? instance.language) ?? DEFAULT_LANGUAGE;
}

/** Remembers the choice in the `locale` cookie and switches without a reload. */
export async function switchLanguage(instance: TI18n, lang: TLanguage): Promise<void> {
  document.cookie = localeCookie(lang, { secure: location.protocol === 'https:' });
  await instance.changeLanguage(lang);
}
