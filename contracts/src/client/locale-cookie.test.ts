import { describe, expect, it } from 'vitest';
import { readCookie } from './cookies.ts';
import { localeCookie } from './locale-cookie.ts';

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
