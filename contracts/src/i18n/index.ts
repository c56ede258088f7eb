import { en } from './en.ts';
import { nl } from './nl.ts';
import { interpolate, lookup } from './message-format.ts';
import type { TMessageKey, TMessages, TMessageVars } from './messages.types.ts';

export { en } from './en.ts';
export { interpolate } from './message-format.ts';
export { nl } from './nl.ts';
export type { TDeepStrings, TLeafPaths, TMessageKey, TMessages, TMessageVars } from './messages.types.ts';

/** Spec §4 and §9: the supported languages; the order is the preference when nothing else decides. */
export const LANGUAGES = ['nl', 'en'] as const;
export type TLanguage = (typeof LANGUAGES)[number];
/** Spec §4 fallback language. */
export const DEFAULT_LANGUAGE: TLanguage = 'nl';

export const CATALOGUES: Readonly<Record<TLanguage, TMessages>> = Object.freeze({ nl, en });

/** Spec §9: the locale cookie lasts 365 days, same-site lax. */
export const LOCALE_COOKIE = 'locale';
export const LOCALE_COOKIE_MAX_AGE_DAYS = 365;
export const LOCALE_COOKIE_SAME_SITE = 'lax';
/** Spec §9: fetched message files are cached for 24 hours. */
export const MESSAGE_CACHE_MS = 24 * 60 * 60 * 1000;

export function isLanguage(value: unknown): value is TLanguage {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** `'en-GB'`, `'EN'`, `' nl_BE '` → the supported language of its primary subtag, if any. */
export function toLanguage(tag: string | undefined | null): TLanguage | undefined {
  if (!tag) return undefined;
  const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
  return isLanguage(primary) ? primary : undefined;
}

/**
 * Looks up a dot-path key in the language's catalogue, falling back to Dutch and then to the key
 * itself, so a missing text shows up as its key instead of as an empty string.
 */
export function translate(lang: TLanguage, key: TMessageKey | (string & {}), vars?: TMessageVars): string {
  const text =
    lookup(CATALOGUES[lang] ?? CATALOGUES[DEFAULT_LANGUAGE], key) ??
    lookup(CATALOGUES[DEFAULT_LANGUAGE], key);
  return text === undefined ? key : interpolate(text, vars);
}

/** True when `key` is a text (not a subtree) in every catalogue. */
export function hasKey(key: string): boolean {
  return LANGUAGES.every((lang) => lookup(CATALOGUES[lang], key) !== undefined);
}

/** Language tags of an Accept-Language header, best first; q=0 entries are dropped. */
export function parseAcceptLanguage(header: string | undefined | null): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      let q = 1;
      for (const param of params) {
        const [name, value] = param.trim().split('=');
        if (name?.trim().toLowerCase() === 'q') {
          const parsed = Number(value?.trim());
          q = Number.isFinite(parsed) ? Math.min(Math.max(parsed, 0), 1) : 0;
        }
      }
      return { tag: tag.trim(), q, index };
    })
    .filter((entry) => entry.tag !== '' && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((entry) => entry.tag);
}

function firstSupported(tags: readonly string[]): TLanguage | undefined {
  for (const tag of tags) {
    // `*` means "anything"; our anything is the default language.
    if (tag.trim() === '*') return DEFAULT_LANGUAGE;
    const lang = toLanguage(tag);
    if (lang) return lang;
  }
  return undefined;
}

/** Server-side negotiation from an Accept-Language header; Dutch when nothing matches. */
export function negotiateLanguage(acceptLanguageHeader?: string): TLanguage {
  return firstSupported(parseAcceptLanguage(acceptLanguageHeader)) ?? DEFAULT_LANGUAGE;
}

export interface TDetectLanguageInput {
  /** Value of the `locale` cookie. */
  cookie?: string | null;
  /** `navigator.languages` (browser) or an Accept-Language header (server). */
  browserLanguages?: readonly string[] | string | null;
}

/** Spec §4 detection order: cookie, then browser languages, then the Dutch fallback. */
export function detectLanguage({ cookie, browserLanguages }: TDetectLanguageInput = {}): TLanguage {
  const fromCookie = toLanguage(cookie);
  if (fromCookie) return fromCookie;
  const tags =
    typeof browserLanguages === 'string' ? parseAcceptLanguage(browserLanguages) : (browserLanguages ?? []);
  return firstSupported(tags) ?? DEFAULT_LANGUAGE;
}
