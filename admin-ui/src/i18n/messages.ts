import englishMessages from 'ra-language-english';
import type { TranslationMessages } from 'ra-core';
import { CATALOGUES, isLanguage, LANGUAGES, type TLanguage } from '@stageplein/contracts/i18n/index';
import { adminEn } from './admin-en.ts';
import { adminNl } from './admin-nl.ts';
import { raNl } from './ra-nl.ts';

type TTree = { readonly [key: string]: string | TTree };

/** i18next-style `{{name}}` placeholders (the contracts catalogues) → polyglot's `%{name}`. */
export function toPolyglotSyntax<T extends TTree>(tree: T): TTree {
  const out: Record<string, string | TTree> = {};
  for (const [key, value] of Object.entries(tree)) {
    out[key] =
      typeof value === 'string'
        ? value.replace(/\{\{\s*([\w.-]+)\s*\}\}/g, (_whole, name: string) => `%{${name}}`)
        : toPolyglotSyntax(value);
  }
  return out;
}

const RA_MESSAGES: Record<TLanguage, TranslationMessages> = { nl: raNl, en: englishMessages };
const ADMIN_TEXTS: Record<TLanguage, TTree> = { nl: adminNl, en: adminEn };

const cache = new Map<TLanguage, TranslationMessages>();

/**
 * react-admin's own texts (`ra.*`), the back office's (`resources.*`, `admin.*`) and the shared
 * contracts catalogue (`routes.*`, `errors.*`, `organizations.*`, …) for a language.
 */
export function adminMessages(lang: string): TranslationMessages {
  const language: TLanguage = isLanguage(lang) ? lang : 'nl';
  let messages = cache.get(language);
  if (!messages) {
    messages = {
      ...toPolyglotSyntax(CATALOGUES[language]),
      ...ADMIN_TEXTS[language],
      ...RA_MESSAGES[language],
    } as TranslationMessages;
    cache.set(language, messages);
  }
  return messages;
}

/** The locales for react-admin's language menu, each named in its own language. */
export const ADMIN_LOCALES = LANGUAGES.map((locale) => ({
  locale,
  name: CATALOGUES[locale].app.languages[locale],
}));
