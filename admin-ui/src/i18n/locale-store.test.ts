import { describe, expect, it } from 'vitest';
import { memoryStore } from 'ra-core';
import type { TLanguage } from '@stageplein/contracts/i18n/index';
import { cookieLocaleStore } from './locale-store.ts';

function jar(initial?: string) {
  let value = initial;
  const writes: TLanguage[] = [];
  return {
    writes,
    access: {
      read: () => value,
      write: (lang: TLanguage) => {
        value = lang;
        writes.push(lang);
      },
    },
  };
}

describe('cookieLocaleStore', () => {
  it('reads the locale from the cookie, else the default', () => {
    expect(cookieLocaleStore(memoryStore(), jar('en').access).getItem('locale', 'nl')).toBe('en');
    expect(cookieLocaleStore(memoryStore(), jar().access).getItem('locale', 'nl')).toBe('nl');
    expect(cookieLocaleStore(memoryStore(), jar('fr').access).getItem('locale', 'nl')).toBe('nl');
  });

  it('ignores a locale left in the base store when the cookie says otherwise', () => {
    const base = memoryStore({ locale: 'en' });
    expect(cookieLocaleStore(base, jar('nl').access).getItem('locale', 'nl')).toBe('nl');
  });

  it('writes the cookie when react-admin sets the locale, and notifies subscribers', () => {
    const cookie = jar('nl');
    const store = cookieLocaleStore(memoryStore(), cookie.access);
    store.setup();
    const seen: unknown[] = [];
    const unsubscribe = store.subscribe('locale', (v) => seen.push(v));
    store.setItem('locale', 'en');
    unsubscribe();
    expect(cookie.writes).toEqual(['en']);
    expect(store.getItem('locale')).toBe('en');
    expect(seen).toEqual(['en']);
  });

  it('leaves other keys to the base store and never writes unsupported locales', () => {
    const cookie = jar();
    const store = cookieLocaleStore(memoryStore(), cookie.access);
    store.setup();
    store.setItem('sidebar.open', false);
    store.setItem('locale', 'de');
    expect(store.getItem('sidebar.open')).toBe(false);
    expect(cookie.writes).toEqual([]);
  });
});
