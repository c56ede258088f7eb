import { describe, expect, it } from 'vitest';
import {
  authState,
  clearedCredentialCookies,
  cookieCredentialStore,
  credentialCookies,
  credentialHeaders,
  credentialsFromCookies,
  credentialsFromHeaders,
  isExpired,
  SIGN_OUT_CLEAR_DELAY_MS,
} from './credentials.ts';

const headers = (h: Record<string, string>) => ({ get: (n: string) => h[n] ?? null });

describe('auth credentials (spec §3, §4)', () => {
  it('reads all three from response headers, with expiry and token type', () => {
    expect(
      credentialsFromHeaders(
        headers({
          'access-token': 't',
          client: 'c',
          uid: 'a@b.test',
          expiry: '1700000000',
          'token-type': 'Bearer',
        }),
      ),
    ).toEqual({ accessToken: 't', client: 'c', uid: 'a@b.test', expiry: 1700000000, tokenType: 'Bearer' });
  });

  it('is SIGNED_IN only with all three present', () => {
    expect(credentialsFromHeaders(headers({ 'access-token': 't', client: 'c' }))).toBeUndefined();
    expect(credentialsFromHeaders(headers({ 'access-token': ' ', client: 'c', uid: 'u' }))).toBeUndefined();
    expect(authState(undefined)).toBe('SIGNED_OUT');
    expect(authState({ accessToken: 't', client: 'c', uid: 'u' })).toBe('SIGNED_IN');
    expect(authState({ accessToken: 't', client: '', uid: 'u' })).toBe('SIGNED_OUT');
  });

  it('clears user and roles 500 ms after sign-out (spec §9)', () => {
    expect(SIGN_OUT_CLEAR_DELAY_MS).toBe(500);
  });

  it('stores credentials in cookies that live as long as the token', () => {
    const cookies = credentialCookies(
      { accessToken: 't/+=', client: 'c', uid: 'a@b.test', expiry: 2000, tokenType: 'Bearer' },
      { nowMs: 1000_000, secure: true },
    );
    expect(cookies).toEqual([
      'access-token=t%2F%2B%3D; Path=/; Max-Age=1000; SameSite=Lax; Secure',
      'client=c; Path=/; Max-Age=1000; SameSite=Lax; Secure',
      'uid=a%40b.test; Path=/; Max-Age=1000; SameSite=Lax; Secure',
      'expiry=2000; Path=/; Max-Age=1000; SameSite=Lax; Secure',
      'token-type=Bearer; Path=/; Max-Age=1000; SameSite=Lax; Secure',
    ]);
    const jar = cookies.map((c) => c.split(';')[0]).join('; ');
    expect(credentialsFromCookies(jar)).toEqual({
      accessToken: 't/+=',
      client: 'c',
      uid: 'a@b.test',
      expiry: 2000,
      tokenType: 'Bearer',
    });
  });

  it('deletes every credential cookie on sign-out', () => {
    expect(clearedCredentialCookies()).toEqual([
      'access-token=; Path=/; Max-Age=0; SameSite=Lax',
      'client=; Path=/; Max-Age=0; SameSite=Lax',
      'uid=; Path=/; Max-Age=0; SameSite=Lax',
      'expiry=; Path=/; Max-Age=0; SameSite=Lax',
      'token-type=; Path=/; Max-Age=0; SameSite=Lax',
    ]);
  });

  it('sends them as headers', () => {
    expect(credentialHeaders({ accessToken: 't', client: 'c', uid: 'u' })).toEqual({
      'access-token': 't',
      client: 'c',
      uid: 'u',
    });
    expect(credentialHeaders(undefined)).toEqual({});
  });

  it('knows when a token has expired', () => {
    expect(isExpired({ accessToken: 't', client: 'c', uid: 'u', expiry: 10 }, 10_000)).toBe(true);
    expect(isExpired({ accessToken: 't', client: 'c', uid: 'u', expiry: 10 }, 9_999)).toBe(false);
    expect(isExpired({ accessToken: 't', client: 'c', uid: 'u' }, 1e15)).toBe(false);
  });

  it('keeps a cookie store in step with the jar', () => {
    let jar = '';
    const store = cookieCredentialStore({
      read: () => jar,
      write: (assignment) => {
        const [pair] = assignment.split(';');
        const [name] = pair!.split('=');
        const others = jar.split('; ').filter((p) => p && !p.startsWith(`${name}=`));
        jar = (/Max-Age=0/.test(assignment) ? others : [...others, pair!]).join('; ');
      },
      now: () => 0,
      secure: () => false,
    });
    expect(store.get()).toBeUndefined();
    store.set({ accessToken: 't', client: 'c', uid: 'u' });
    expect(store.get()).toEqual({ accessToken: 't', client: 'c', uid: 'u' });
    store.clear();
    expect(store.get()).toBeUndefined();
    expect(jar).toBe('');
  });
});
