import { describe, expect, it } from 'vitest';
import {
  CATALOGUES,
  DEFAULT_LANGUAGE,
  detectLanguage,
  en,
  hasKey,
  interpolate,
  LANGUAGES,
  LOCALE_COOKIE,
  LOCALE_COOKIE_MAX_AGE_DAYS,
  MESSAGE_CACHE_MS,
  negotiateLanguage,
  nl,
  parseAcceptLanguage,
  translate,
} from './index.ts';

/** Every leaf as `dot.path` → text. */
function flatten(tree: object, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'object' && value !== null) {
      for (const [k, v] of flatten(value, path)) out.set(k, v);
    } else {
      out.set(path, value);
    }
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe('catalogues', () => {
  it('has the constants of spec §4 and §9', () => {
    expect(LANGUAGES).toEqual(['nl', 'en']);
    expect(DEFAULT_LANGUAGE).toBe('nl');
    expect(LOCALE_COOKIE).toBe('locale');
    expect(LOCALE_COOKIE_MAX_AGE_DAYS).toBe(365);
    expect(MESSAGE_CACHE_MS).toBe(86_400_000);
    expect(CATALOGUES).toEqual({ nl, en });
  });

  it('nl and en have identical key sets of non-empty strings', () => {
    const nlFlat = flatten(nl);
    const enFlat = flatten(en);
    expect([...enFlat.keys()].sort()).toEqual([...nlFlat.keys()].sort());
    for (const [key, value] of [...nlFlat, ...enFlat]) {
      expect(typeof value, key).toBe('string');
      expect((value as string).trim(), key).not.toBe('');
    }
  });

  it('uses the same placeholders in both languages', () => {
    const enFlat = flatten(en);
    for (const [key, value] of flatten(nl)) {
      expect(placeholders(enFlat.get(key) as string), key).toEqual(placeholders(value as string));
    }
  });

  it('quotes the English texts of spec §6 and §8', () => {
    const t = (key: string) => translate('en', key);
    expect(t('errors.unauthorized.title')).toBe('Not authorized');
    expect(t('errors.unauthorized.body')).toBe('You are not authorized to access this page.');
    expect(t('errors.forbidden.title')).toBe('Access forbidden');
    expect(t('errors.forbidden.body')).toBe('You do not have access rights to this page.');
    expect(t('errors.notFound.title')).toBe('Page not found');
    expect(t('errors.notFound.body')).toBe(
      "We couldn't find the page you were looking for, please contact a system administrator or try again later.",
    );
    expect(t('errors.wrongCenter.title')).toBe('Logged in to the wrong website');
    expect(t('errors.wrongCenter.body')).toBe(
      'Please contact the administrator of this website. This user account is registered with one of the other partners in the collaboration.',
    );
    expect(t('errors.generic.title')).toBe('Oops... something went wrong!');
    expect(translate('en', 'errors.generic.code', { code: 500 })).toBe('(error code: 500)');
    expect(t('errors.generic.body')).toBe(
      'An error has occurred. If the problem persists, please contact a system administrator or try again later.',
    );
    expect(t('errors.backToHome')).toBe('Back to home');
    expect(translate('en', 'errors.fatalNotFound', { path: '/x' })).toBe('Page Not Found: /x');
    expect(['success', 'error', 'warning', 'info', 'notification'].map((k) => t(`toast.${k}`))).toEqual([
      'Success',
      'Error',
      'Warning',
      'Information',
      'Notification',
    ]);
  });

  it('has the validation messages of spec §5', () => {
    expect(translate('en', 'validation.invalid')).toBe('Field is invalid');
    const reset = 'You must provide either the uid, client and accessToken or the resetPasswordToken';
    // Protocol message: identical in both languages.
    expect(translate('en', 'validation.passwordResetCredentials')).toBe(reset);
    expect(translate('nl', 'validation.passwordResetCredentials')).toBe(reset);
    for (const key of [
      'required',
      'oneOf',
      'minLength',
      'maxLength',
      'email',
      'url',
      'numberMin',
      'numberMax',
      'positive',
      'integer',
      'minItems',
      'maxItems',
    ]) {
      expect(hasKey(`validation.${key}`), key).toBe(true);
    }
    expect(translate('en', 'validation.minLength', { min: 3 })).toContain('3');
    expect(translate('nl', 'validation.oneOf', { values: 'a, b' })).toContain('a, b');
  });

  it('names the languages in their own language', () => {
    for (const lang of LANGUAGES) {
      expect(translate(lang, 'app.languages.nl')).toBe('Nederlands');
      expect(translate(lang, 'app.languages.en')).toBe('English');
    }
  });

  it('has the unknown-tenant detail with its placeholder', () => {
    expect(translate('en', 'api.unknown_tenant.detail', { tenant: 'acme' })).toBe('Unknown tenant: acme');
  });
});

describe('translate', () => {
  it('looks up dot paths per language', () => {
    expect(translate('nl', 'routes.login.index')).toBe('Inloggen');
    expect(translate('en', 'routes.login.index')).toBe('Sign in');
    expect(translate('nl', 'routes.users.index')).toBe('Gebruikers');
  });

  it('falls back to nl, then to the key', () => {
    // The catalogues share one key set, so the nl fallback is reached through an unsupported language.
    expect(translate('fr' as never, 'shell.close')).toBe('Sluiten');
    expect(translate('en', 'does.not.exist')).toBe('does.not.exist');
    expect(translate('en', 'routes.users')).toBe('routes.users'); // a subtree is not a text
    expect(translate('en', '__proto__')).toBe('__proto__');
    expect(translate('en', 'toString')).toBe('toString');
  });

  it('interpolates {{name}} and leaves unknown placeholders visible', () => {
    expect(interpolate('a {{x}} b {{ y }} c {{z}}', { x: 1, y: 'two' })).toBe('a 1 b two c {{z}}');
    expect(translate('nl', 'errors.generic.code', { code: 404 })).toBe('(foutcode: 404)');
    expect(translate('en', 'errors.generic.code')).toBe('(error code: {{code}})');
  });

  it('knows which keys exist', () => {
    expect(hasKey('shell.signIn')).toBe(true);
    expect(hasKey('shell')).toBe(false);
    expect(hasKey('shell.nope')).toBe(false);
    expect(hasKey('')).toBe(false);
  });
});

describe('negotiateLanguage', () => {
  it('defaults to nl', () => {
    expect(negotiateLanguage()).toBe('nl');
    expect(negotiateLanguage('')).toBe('nl');
    expect(negotiateLanguage('fr-FR,de;q=0.8')).toBe('nl');
  });

  it('honours q-values and order', () => {
    expect(negotiateLanguage('en-US,en;q=0.9,nl;q=0.8')).toBe('en');
    expect(negotiateLanguage('en;q=0.5, nl;q=0.9')).toBe('nl');
    expect(negotiateLanguage('fr, en-GB;q=0.7')).toBe('en');
    expect(negotiateLanguage('nl-BE')).toBe('nl');
    expect(negotiateLanguage('EN')).toBe('en');
  });

  it('drops q=0 and malformed q-values', () => {
    expect(negotiateLanguage('en;q=0, nl;q=0.1')).toBe('nl');
    expect(negotiateLanguage('en;q=abc')).toBe('nl');
    expect(negotiateLanguage('*')).toBe('nl');
    expect(parseAcceptLanguage('en;q=0.2, fr, nl;q=0.2')).toEqual(['fr', 'en', 'nl']);
  });
});

describe('detectLanguage', () => {
  it('uses the cookie first', () => {
    expect(detectLanguage({ cookie: 'en', browserLanguages: ['nl-NL'] })).toBe('en');
    expect(detectLanguage({ cookie: 'nl', browserLanguages: 'en' })).toBe('nl');
  });

  it('ignores an unsupported cookie and uses the browser languages', () => {
    expect(detectLanguage({ cookie: 'fr', browserLanguages: ['de', 'en-GB', 'nl'] })).toBe('en');
    expect(detectLanguage({ browserLanguages: 'de;q=0.9, en;q=0.8' })).toBe('en');
  });

  it('falls back to nl', () => {
    expect(detectLanguage({})).toBe('nl');
    expect(detectLanguage()).toBe('nl');
    expect(detectLanguage({ cookie: null, browserLanguages: ['fr'] })).toBe('nl');
  });
});
