import i18next, { type i18n as TI18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, toLanguage, type TLanguage } from '@stageplein/contracts/i18n/index';
import { nlPortal } from '@stageplein/contracts/i18n/nl-portal';
import { nlShared } from '@stageplein/contracts/i18n/nl-shared';
import { localeCookie } from '@stageplein/contracts/client/locale-cookie';
import { detectPortalLanguage } from './detect-language.ts';
import { loadRemoteMessages, nestMessages, type TMessageSource } from './remote-messages.ts';

/** Spec §4: cookie, then the browser's languages, then Dutch. */
export function detectBrowserLanguage(): TLanguage {
  return detectPortalLanguage({
    cookies: document.cookie,
    languages: navigator.languages,
    language: navigator.language,
  });
}

/**
 * The catalogues other than Dutch, each its own chunk: Dutch is the fallback and always bundled, so
 * a page never shows raw keys; English is fetched when it is the language (spec §7 "a per-language
 * messages file is fetched").
 */
const CATALOGUE_LOADERS: Readonly<Record<Exclude<TLanguage, 'nl'>, () => Promise<object>>> = {
  en: () => import('@stageplein/contracts/i18n/en').then((m) => m.en),
};

/**
 * The Dutch catalogue of the first download: all of `nl` except the page-only sections (the
 * accessibility statement's, the import's, …), which their pages add (`usePortalTexts`).
 */
const NL_FIRST_LOAD = { ...nlShared, portal: nlPortal };

/** An i18next instance with the Dutch catalogue; keeps `<html lang>` in step with it. */
export function createI18n(): TI18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    resources: { nl: { translation: NL_FIRST_LOAD } },
    lng: DEFAULT_LANGUAGE,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    // The Dutch catalogue is bundled, so initialisation is synchronous: no flash of raw keys.
    initAsync: false,
    // React escapes; the catalogues hold plain text.
    interpolation: { escapeValue: false },
    returnNull: false,
    // Messages that arrive later (catalogues, the tenant's messages file) re-render the texts.
    react: { bindI18nStore: 'added' },
  });
  instance.on('languageChanged', (lng) => {
    document.documentElement.lang = toLanguage(lng) ?? DEFAULT_LANGUAGE;
  });
  document.documentElement.lang = DEFAULT_LANGUAGE;
  return instance;
}

/**
 * Loads a language's catalogue (once) and switches to it. Spec §8: a catalogue that fails to load
 * is silently ignored, the page stays in the language it had. True when the language is now active.
 */
export async function activateLanguage(instance: TI18n, lang: TLanguage): Promise<boolean> {
  if (lang !== 'nl' && !instance.hasResourceBundle(lang, 'translation')) {
    try {
      instance.addResourceBundle(lang, 'translation', await CATALOGUE_LOADERS[lang](), true, false);
    } catch {
      return false;
    }
  }
  await instance.changeLanguage(lang);
  return true;
}

/**
 * Merges the tenant's messages file for a language over the bundled catalogue (spec §7), once per
 * language per page; any failure leaves the bundled texts (spec §8: silently ignored).
 */
export function loadTenantMessages(
  instance: TI18n,
  source: Omit<TMessageSource, 'lang'>,
): (lang: TLanguage) => void {
  const done = new Set<TLanguage>();
  return (lang) => {
    if (done.has(lang)) return;
    done.add(lang);
    void loadRemoteMessages({ ...source, lang }).then((messages) => {
      if (messages && Object.keys(messages).length) {
        instance.addResourceBundle(lang, 'translation', nestMessages(messages), true, true);
      }
    });
  };
}

/** The current language of an instance, as one of ours. */
export function currentLanguage(instance: TI18n): TLanguage {
  return toLanguage(instance.resolvedLanguage ?? instance.language) ?? DEFAULT_LANGUAGE;
}

/** Switches without a reload and remembers the choice in the `locale` cookie (if it could switch). */
export async function switchLanguage(instance: TI18n, lang: TLanguage): Promise<void> {
  if (await activateLanguage(instance, lang)) {
    document.cookie = localeCookie(lang, { secure: location.protocol === 'https:' });
  }
}
