import { beforeAll, describe, expect, it } from 'vitest';
import englishMessages from 'ra-language-english';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { CATALOGUES } from '@stageplein/contracts/i18n/index';
import { raNl } from './ra-nl.ts';
import { adminEn } from './admin-en.ts';
import { adminNl } from './admin-nl.ts';
import {
  ADMIN_LOCALES,
  adminMessages as messagesOf,
  loadAdminMessages,
  toPolyglotSyntax,
} from './messages.ts';

// English is its own chunk: loaded once here, after which both languages are at hand synchronously.
beforeAll(async () => {
  await loadAdminMessages('en');
});
const adminMessages = (lang: string) => messagesOf(lang) as TTree;

type TTree = { [key: string]: string | TTree };

function leaves(tree: TTree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of leaves(value, path)) out.set(k, v);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/%\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('Dutch react-admin messages', () => {
  const en = leaves(englishMessages as unknown as TTree);
  const nl = leaves(raNl as unknown as TTree);

  it('cover every key of ra-language-english, and no others', () => {
    expect([...nl.keys()].sort()).toEqual([...en.keys()].sort());
  });

  it('are all translated (non-empty) and keep the placeholders and plural forms', () => {
    for (const [key, english] of en) {
      const dutch = nl.get(key)!;
      expect(dutch.length, key).toBeGreaterThan(0);
      expect(placeholders(dutch), key).toEqual(placeholders(english));
      expect(dutch.split('||||').length, key).toBe(english.split('||||').length);
    }
  });

  it('pluralise with polyglot', () => {
    const { translate } = polyglotI18nProvider(messagesOf, 'nl');
    expect(translate('ra.action.bulk_actions', { smart_count: 1 })).toBe('1 item geselecteerd');
    expect(translate('ra.action.bulk_actions', { smart_count: 3 })).toBe('3 items geselecteerd');
  });
});

describe('adminMessages', () => {
  it('merges the contracts catalogue with react-admin texts', () => {
    const nl = adminMessages('nl');
    const en = adminMessages('en');
    expect((nl.routes as TTree).dashboard).toBe(CATALOGUES.nl.routes.dashboard);
    expect(((nl.errors as TTree).notFound as TTree).title).toBe('Pagina niet gevonden');
    expect(((en.errors as TTree).notFound as TTree).title).toBe('Page not found');
    expect(((nl.ra as TTree).action as TTree).save).toBe('Opslaan');
    expect(((en.ra as TTree).action as TTree).save).toBe('Save');
  });

  it('converts {{name}} placeholders so polyglot fills them in', () => {
    const { translate } = polyglotI18nProvider(messagesOf, 'en');
    expect(translate('errors.generic.code', { code: 500 })).toBe('(error code: 500)');
    expect(translate('errors.fatalNotFound', { path: '/x' })).toBe('Page Not Found: /x');
    expect(toPolyglotSyntax({ a: 'x {{ n }} y {{m}}', b: { c: 'no vars' } })).toEqual({
      a: 'x %{n} y %{m}',
      b: { c: 'no vars' },
    });
  });

  it('loads English on demand, Dutch is at hand', async () => {
    expect(messagesOf('nl')).not.toBeInstanceOf(Promise);
    expect(((await loadAdminMessages('en')).ra as TTree).action).toMatchObject({ save: 'Save' });
  });

  it('falls back to Dutch for unknown languages', () => {
    expect(adminMessages('fr')).toBe(adminMessages('nl'));
  });

  it('names each locale in its own language', () => {
    expect(ADMIN_LOCALES).toEqual([
      { locale: 'nl', name: 'Nederlands' },
      { locale: 'en', name: 'English' },
    ]);
  });
});

describe('back-office texts', () => {
  const nl = leaves(adminNl as unknown as TTree);
  const en = leaves(adminEn as unknown as TTree);

  it('have the same keys, placeholders and plural forms in nl and en', () => {
    expect([...en.keys()].sort()).toEqual([...nl.keys()].sort());
    for (const [key, dutch] of nl) {
      const english = en.get(key)!;
      expect(english.length, key).toBeGreaterThan(0);
      expect(placeholders(english), key).toEqual(placeholders(dutch));
      expect(english.split('||||').length, key).toBe(dutch.split('||||').length);
    }
  });

  it('never shadow the shared catalogue or react-admin', () => {
    const shared = new Set([...Object.keys(CATALOGUES.nl), 'ra']);
    for (const top of Object.keys(adminNl)) expect(shared.has(top), top).toBe(false);
  });

  it('are reachable through the provider, with names pluralised', () => {
    const { translate } = polyglotI18nProvider(messagesOf, 'nl');
    expect(translate('resources.users.name', { smart_count: 2 })).toBe('Gebruikers');
    expect(translate('admin.organizations.approved', { smart_count: 3 })).toBe('3 organisaties goedgekeurd');
    expect(translate('organizations.statuses.pending')).toBe(CATALOGUES.nl.organizations.statuses.pending);
  });
});

describe('texts users read', () => {
  it('carry no developer text (API paths, HTTP methods)', () => {
    for (const lang of ['nl', 'en']) {
      const texts = leaves(adminMessages(lang) as unknown as TTree);
      for (const [key, text] of texts) {
        // The password-reset protocol message is the one API text clients match on (spec §5).
        if (key === 'validation.passwordResetCredentials') continue;
        expect(text, `${lang}: ${key}`).not.toMatch(/\/api\/v\d|\b(GET|POST|PATCH|PUT|DELETE) \//);
      }
    }
  });
});
