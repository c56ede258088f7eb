import { describe, expect, it } from 'vitest';
import { hasKey } from '@stageplein/contracts/i18n/index';
import { errorTexts, statusOf } from './error-texts.ts';

describe('errorTexts (spec §8)', () => {
  it('maps 401, 403 and 404', () => {
    expect(errorTexts({ status: 401 }).titleKey).toBe('errors.unauthorized.title');
    expect(errorTexts({ status: 403 }).titleKey).toBe('errors.forbidden.title');
    expect(errorTexts({ status: 404, statusText: 'Not Found', data: '' })).toEqual({
      titleKey: 'errors.notFound.title',
      bodyKey: 'errors.notFound.body',
    });
  });

  it('recognises "wrong center" in the error text before the status', () => {
    expect(errorTexts(new Error('Login: wrong center')).titleKey).toBe('errors.wrongCenter.title');
    expect(errorTexts({ status: 403, data: 'wrong center' }).titleKey).toBe('errors.wrongCenter.title');
  });

  it('falls back to the generic text, with the code when there is one', () => {
    expect(errorTexts({ status: 500 })).toEqual({
      titleKey: 'errors.generic.title',
      bodyKey: 'errors.generic.body',
      code: 500,
    });
    expect(errorTexts(new Error('boom'))).toEqual({
      titleKey: 'errors.generic.title',
      bodyKey: 'errors.generic.body',
    });
    expect(errorTexts(undefined).code).toBeUndefined();
  });

  it('only uses keys both catalogues have', () => {
    for (const status of [401, 403, 404, 500]) {
      const texts = errorTexts({ status });
      expect(hasKey(texts.titleKey) && hasKey(texts.bodyKey)).toBe(true);
    }
    expect(
      hasKey('errors.wrongCenter.title') && hasKey('errors.generic.code') && hasKey('errors.backToHome'),
    ).toBe(true);
  });
});

describe('statusOf', () => {
  it('reads status or statusCode, only plausible HTTP codes', () => {
    expect(statusOf({ status: 418 })).toBe(418);
    expect(statusOf({ statusCode: 502 })).toBe(502);
    expect(statusOf({ status: 'x' })).toBeUndefined();
    expect(statusOf({ status: 0 })).toBeUndefined();
    expect(statusOf(null)).toBeUndefined();
    expect(statusOf('404')).toBeUndefined();
  });
});
