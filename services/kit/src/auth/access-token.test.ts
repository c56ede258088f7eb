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
    // Signed by hand: the signer itself always stamps `iat`, so only a forger would leave one out.
    const header = b64({ alg: 'HS256', typ: 'JWT' });
    const signed = (payload: object) => {
      const input = `${header}.${b64(payload)}`;
      return `${input}.${createHmac('sha256', SECRET).update(input).digest('base64url')}`;
    };
    expect(verifyAccessToken(signed({ ...claims, jti: 'j' }), SECRET, NOW)).toMatchObject(claims);
    for (const key of ['sub', 'ten', 'cid', 'uid', 'exp', 'iat', 'jti'] as const) {
      const { [key]: _drop, ...rest } = { ...claims, jti: 'j' };
      expect(verifyAccessToken(signed(rest), SECRET, NOW), key).toBeUndefined();
    }
  });
});

describe('key rotation (AUTH_TOKEN_SECRET + AUTH_TOKEN_PREVIOUS_SECRETS)', () => {
  const OLD = 'the-previous-secret-the-previous-secret!';
  const NEW = 'the-current-secret-the-current-secret!!';
  const rotating = { signing: NEW, verifying: [NEW, OLD] };

  it('keeps tokens signed with the previous key working and signs new ones with the current key', () => {
    const before = signAccessToken(claims, OLD);
    expect(verifyAccessToken(before, rotating, NOW)).toMatchObject(claims);
    const after = signAccessToken(claims, rotating);
    expect(verifyAccessToken(after, NEW, NOW)).toMatchObject(claims);
    expect(verifyAccessToken(after, OLD, NOW)).toBeUndefined();
    // Once the previous key is dropped, its tokens stop working.
    expect(verifyAccessToken(before, NEW, NOW)).toBeUndefined();
  });

  it('names the key in the header without revealing it, and refuses unknown key ids', () => {
    const token = signAccessToken(claims, rotating);
    const header = JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString());
    expect(header).toMatchObject({ alg: 'HS256', typ: 'JWT', kid: expect.any(String) });
    expect(JSON.stringify(header)).not.toContain(NEW);
    const [, payload, sig] = token.split('.');
    const otherKid = b64({ ...header, kid: 'not-a-key-we-know' });
    expect(verifyAccessToken(`${otherKid}.${payload}.${sig}`, rotating, NOW)).toBeUndefined();
  });
});
