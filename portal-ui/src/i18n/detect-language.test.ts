import { describe, expect, it } from 'vitest';
import { detectPortalLanguage } from './detect-language.ts';

describe('language detection (spec §4: cookie, browser, fallback)', () => {
  it('prefers the locale cookie', () => {
    expect(detectPortalLanguage({ cookies: 'tenant=demo; locale=en', languages: ['nl-NL'] })).toBe('en');
    expect(detectPortalLanguage({ cookies: 'locale=nl', languages: ['en-GB', 'en'] })).toBe('nl');
  });

  it('then the first supported browser language', () => {
    expect(detectPortalLanguage({ cookies: '', languages: ['de-DE', 'en-US', 'nl'] })).toBe('en');
    expect(detectPortalLanguage({ cookies: 'locale=fr', languages: ['nl-BE'] })).toBe('nl');
    expect(detectPortalLanguage({ cookies: null, languages: [], language: 'en-GB' })).toBe('en');
  });

  it('then Dutch', () => {
    expect(detectPortalLanguage({ cookies: '', languages: ['de', 'fr'] })).toBe('nl');
    expect(detectPortalLanguage({ cookies: undefined, languages: undefined })).toBe('nl');
  });
});
