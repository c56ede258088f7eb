import type { TranslationMessages } from 'ra-core';
import { isLanguage, LANGUAGES, type TLanguage } from '@stageplein/contracts/i18n/index';
import { nlShared } from '@stageplein/contracts/i18n/nl-shared';
import { adminNl } from './admin-nl.ts';
import { toPolyglotSyntax } from './polyglot-syntax.ts';
import { raNl } from './ra-nl.ts';

export { toPolyglotSyntax } from './polyglot-syntax.ts';

/**
 * react-admin's own texts (`ra.*`), the back office's (`resources.*`, `admin.*`) and the shared
 * contracts catalogue (`routes.*`, `errors.*`, `organizations.*`, …; not the portal's own `portal.*`)
 * per language. Dutch is in the first download; English is its own chunk (`messages-en.ts`), so the first load carries one
 * language (the back office's first-load budget, issue #13).
 */
const loaded = new Map<TLanguage, TranslationMessages>([
  ['nl', { ...toPolyglotSyntax(nlShared), ...adminNl, ...raNl } as TranslationMessages],
]);

/** Loads a language's messages (once); the i18n provider then has them at hand. */
export async function loadAdminMessages(lang: string): Promise<TranslationMessages> {
  const language: TLanguage = isLanguage(lang) ? lang : 'nl';
  const known = loaded.get(language);
  if (known) return known;
  const { EN_MESSAGES } = await import('./messages-en.ts');
  loaded.set('en', EN_MESSAGES);
  return EN_MESSAGES;
}

/**
 * The messages for react-admin's polyglot provider: at once when loaded (always for Dutch, and for
 * the initial language, which main.tsx loads first), else a promise (react-admin waits for it).
 */
export function adminMessages(lang: string): TranslationMessages | Promise<TranslationMessages> {
  return loaded.get(isLanguage(lang) ? lang : 'nl') ?? loadAdminMessages(lang);
}

/** The locales for react-admin's language menu, each named in its own language. */
export const ADMIN_LOCALES = LANGUAGES.map((locale) => ({ locale, name: nlShared.app.languages[locale] }));
