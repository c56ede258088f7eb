import { describe, expect, it } from 'vitest';
import { signAccessToken } from './access-token.ts';
import { verifiedTokens } from './verified-tokens.ts';

const SECRET = 'test-secret-test-secret-test-secret!!';
const claims = (exp: number) => ({ sub: 'u1', ten: 'demo', cid: 'c1', uid: 'a@x.test', iat: 1, exp });

describe('verifiedTokens', () => {
  it('answers a known token from memory with the same claims, until it expires', () => {
    const verify = verifiedTokens(SECRET);
    const token = signAccessToken(claims(1000), SECRET);
    const first = verify(token, new Date(999_000));
    expect(first).toMatchObject({ sub: 'u1', exp: 1000 });
    expect(verify(token, new Date(999_500))).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(verify(token, new Date(1_000_000))).toBeUndefined();
    // Dropped once expired: a (test) clock going back verifies it afresh, exactly as without the memo.
    expect(verify(token, new Date(999_000))).toMatchObject({ sub: 'u1' });
  });

  it('never keeps a token that failed: other secret, tampering, expiry', () => {
    const verify = verifiedTokens(SECRET);
    const foreign = signAccessToken(claims(2000), 'another-secret-another-secret-another!');
    expect(verify(foreign, new Date(0))).toBeUndefined();
    expect(verify(foreign, new Date(0))).toBeUndefined();
    const good = signAccessToken(claims(2000), SECRET);
    const [h, p, s] = good.split('.');
    const tampered = `${h}.${Buffer.from(JSON.stringify({ ...claims(2000), sub: 'u2' })).toString('base64url')}.${s}`;
    expect(p).not.toBe(tampered.split('.')[1]);
    expect(verify(good, new Date(0))).toMatchObject({ sub: 'u1' });
    expect(verify(tampered, new Date(0))).toBeUndefined();
    const expired = signAccessToken(claims(1), SECRET);
    expect(verify(expired, new Date(5000))).toBeUndefined();
  });

  it('is bounded: the oldest token is verified afresh once it was pushed out', () => {
    const verify = verifiedTokens(SECRET, 2);
    const tokens = [1, 2, 3].map((i) => signAccessToken({ ...claims(5000), sub: `u${i}` }, SECRET));
    const first = verify(tokens[0]!, new Date(0));
    verify(tokens[1]!, new Date(0));
    verify(tokens[2]!, new Date(0));
    const again = verify(tokens[0]!, new Date(0));
    expect(again).toEqual(first);
    expect(again).not.toBe(first);
  });
});
