import { describe, expect, it } from 'vitest';
import { cookieAssignment, readCookie } from './cookies.ts';

describe('readCookie', () => {
  it('finds a cookie among others, first one wins, decoded and unquoted', () => {
    expect(readCookie('a=1; locale=en; tenant=demo', 'locale')).toBe('en');
    expect(readCookie('xlocale=en; locale=nl', 'locale')).toBe('nl');
    expect(readCookie('locale=en; locale=nl', 'locale')).toBe('en');
    expect(readCookie('x=a%20b', 'x')).toBe('a b');
    expect(readCookie('x="q"', 'x')).toBe('q');
    expect(readCookie('x=%E0%A4%A', 'x')).toBe('%E0%A4%A');
    expect(readCookie(undefined, 'x')).toBeUndefined();
  });

  it('returns undefined for missing cookies and empty input', () => {
    expect(readCookie('a=1', 'locale')).toBeUndefined();
    expect(readCookie('', 'locale')).toBeUndefined();
    expect(readCookie('nonsense', 'locale')).toBeUndefined();
    expect(readCookie('  tenant=masplein  ', 'tenant')).toBe('masplein');
  });

  it('does not match a cookie whose name merely ends with the wanted name', () => {
    expect(readCookie('my_tenant=demo', 'tenant')).toBeUndefined();
    expect(readCookie('x=a=b', 'x')).toBe('a=b');
  });
});

describe('cookieAssignment', () => {
  it('builds site-wide SameSite=Lax cookies', () => {
    expect(cookieAssignment('a', 'b c')).toBe('a=b%20c; Path=/; SameSite=Lax');
    expect(cookieAssignment('a', 'b', { maxAgeSeconds: 10.7, sameSite: 'strict', secure: true })).toBe(
      'a=b; Path=/; Max-Age=10; SameSite=Strict; Secure',
    );
    expect(cookieAssignment('a', '', { maxAgeSeconds: -5 })).toBe('a=; Path=/; Max-Age=0; SameSite=Lax');
  });
});
