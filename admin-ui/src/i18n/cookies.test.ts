import { describe, expect, it } from 'vitest';
import { localeCookie, readCookie } from './cookies.ts';

describe('readCookie', () => {
  it('finds a cookie among others, trimming spaces', () => {
    expect(readCookie('a=1; locale=en; tenant=demo', 'locale')).toBe('en');
    expect(readCookie('locale=nl', 'locale')).toBe('nl');
    expect(readCookie('  tenant=masplein  ', 'tenant')).toBe('masplein');
  });

  it('returns undefined for missing cookies and empty input', () => {
    expect(readCookie('a=1', 'locale')).toBeUndefined();
    expect(readCookie('', 'locale')).toBeUndefined();
    expect(readCookie(undefined, 'locale')).toBeUndefined();
    expect(readCookie('nonsense', 'locale')).toBeUndefined();
  });

  it('does not match a cookie whose name merely ends with the wanted name', () => {
    expect(readCookie('xlocale=en; locale=nl', 'locale')).toBe('nl');
    expect(readCookie('my_tenant=demo', 'tenant')).toBeUndefined();
  });

  it('takes the first of duplicates, decodes and unquotes values', () => {
    expect(readCookie('locale=en; locale=nl', 'locale')).toBe('en');
    expect(readCookie('x=a%20b', 'x')).toBe('a b');
    expect(readCookie('x="quoted"', 'x')).toBe('quoted');
    expect(readCookie('x=%E0%A4%A', 'x')).toBe('%E0%A4%A');
    expect(readCookie('x=a=b', 'x')).toBe('a=b');
  });
});

describe('localeCookie', () => {
  it('lasts 365 days, site wide, SameSite=Lax (spec §9)', () => {
    expect(localeCookie('en')).toBe('locale=en; Path=/; Max-Age=31536000; SameSite=Lax');
  });

  it('adds Secure when asked', () => {
    expect(localeCookie('nl', { secure: true })).toBe(
      'locale=nl; Path=/; Max-Age=31536000; SameSite=Lax; Secure',
    );
  });

  it('round-trips through readCookie', () => {
    const assignment = localeCookie('en');
    const pair = assignment.split(';')[0];
    expect(readCookie(`tenant=demo; ${pair}`, 'locale')).toBe('en');
  });
});
