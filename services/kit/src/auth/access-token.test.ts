import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signAccessToken, verifyAccessToken } from './access-token.ts';

const SECRET = 'a-test-secret-that-is-long-enough-for-hs256';
const NOW = new Date('2026-11-21T12:00:00Z');
const iat = NOW.getTime() / 1000;
const claims = { sub: 'u1', ten: 'demo', cid: 'c1', uid: 'a@demo.test', iat, exp: iat + 3600 };

const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');

describe('access tokens', () => {
  it('round-trips the claims and adds a random jti', () => {
    const token = signAccessToken(claims, SECRET);
    const verified = verifyAccessToken(token, SECRET, NOW);
    expect(verified).toMatchObject(claims);
    expect(verified?.jti).toMatch(/^[\w-]{20,}$/);
    expect(signAccessToken(claims, SECRET)).not.toBe(token);
  });

  it('rejects another secret, a changed payload and a changed signature', () => {
    const token = signAccessToken(claims, SECRET);
    expect(verifyAccessToken(token, 'another-secret-another-secret-another', NOW)).toBeUndefined();
    const [h, , s] = token.split('.');
    expect(
      verifyAccessToken(`${h}.${b64({ ...claims, sub: 'admin', jti: 'x' })}.${s}`, SECRET, NOW),
    ).toBeUndefined();
    expect(verifyAccessToken(`${token.slice(0, -2)}AA`, SECRET, NOW)).toBeUndefined();
    expect(verifyAccessToken('not.a.token', SECRET, NOW)).toBeUndefined();
    expect(verifyAccessToken('', SECRET, NOW)).toBeUndefined();
  });

  it('accepts only its own HS256 header (no alg "none", no other algorithms)', () => {
    const payload = b64({ ...claims, jti: 'j' });
    expect(verifyAccessToken(`${b64({ alg: 'none', typ: 'JWT' })}.${payload}.`, SECRET, NOW)).toBeUndefined();
    const header = b64({ alg: 'HS512', typ: 'JWT' });
    const sig = createHmac('sha256', SECRET).update(`${header}.${payload}`).digest('base64url');
    expect(verifyAccessToken(`${header}.${payload}.${sig}`, SECRET, NOW)).toBeUndefined();
  });

  it('expires at exp', () => {
    const token = signAccessToken(claims, SECRET);
    expect(verifyAccessToken(token, SECRET, new Date((claims.exp - 1) * 1000))).toBeDefined();
    expect(verifyAccessToken(token, SECRET, new Date(claims.exp * 1000))).toBeUndefined();
  });

  it('requires every claim', () => {
    for (const key of ['sub', 'ten', 'cid', 'uid', 'exp', 'iat'] as const) {
      const { [key]: _drop, ...rest } = claims;
      const token = signAccessToken(rest as typeof claims, SECRET);
      expect(verifyAccessToken(token, SECRET, NOW), key).toBeUndefined();
    }
  });
});
