import { describe, expect, it } from 'vitest';
import { signAccessToken, verifyAccessToken } from './access-token.ts';
import { verifiedTokens } from './verified-tokens.ts';

const SECRET = 'test-secret-test-secret-test-secret!!';
const claims = (exp: number) => ({ sub: 'u1', ten: 'demo', cid: 'c1', uid: 'a@x.test', iat: 1, exp });

/** The memo in front of a real verification with SECRET, as the auth plugin uses it. */
const memo = (max?: number) => {
  const verified = verifiedTokens(max);
  return (token: string, now: Date) => verified(token, now, () => verifyAccessToken(token, SECRET, now));
};

describe('verifiedTokens', () => {
  it('answers a known token from memory with the same claims, until it expires', async () => {
    const verify = memo();
    const token = signAccessToken(claims(1000), SECRET);
    const first = await verify(token, new Date(999_000));
    expect(first).toMatchObject({ sub: 'u1', exp: 1000 });
    expect(await verify(token, new Date(999_500))).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(await verify(token, new Date(1_000_000))).toBeUndefined();
    // Dropped once expired: a (test) clock going back verifies it afresh, exactly as without the memo.
    expect(await verify(token, new Date(999_000))).toMatchObject({ sub: 'u1' });
  });

  it('never keeps a token that failed: other secret, tampering, expiry', async () => {
    const verify = memo();
    const foreign = signAccessToken(claims(2000), 'another-secret-another-secret-another!');
    expect(await verify(foreign, new Date(0))).toBeUndefined();
    expect(await verify(foreign, new Date(0))).toBeUndefined();
    const good = signAccessToken(claims(2000), SECRET);
    const [h, p, s] = good.split('.');
    const tampered = `${h}.${Buffer.from(JSON.stringify({ ...claims(2000), sub: 'u2' })).toString('base64url')}.${s}`;
    expect(p).not.toBe(tampered.split('.')[1]);
    expect(await verify(good, new Date(0))).toMatchObject({ sub: 'u1' });
    expect(await verify(tampered, new Date(0))).toBeUndefined();
    const expired = signAccessToken(claims(1), SECRET);
    expect(await verify(expired, new Date(5000))).toBeUndefined();
  });

  it('is bounded: the oldest token is verified afresh once it was pushed out', async () => {
    const verify = memo(2);
    const tokens = [1, 2, 3].map((i) => signAccessToken({ ...claims(5000), sub: `u${i}` }, SECRET));
    const first = await verify(tokens[0]!, new Date(0));
    await verify(tokens[1]!, new Date(0));
    await verify(tokens[2]!, new Date(0));
    const again = await verify(tokens[0]!, new Date(0));
    expect(again).toEqual(first);
    expect(again).not.toBe(first);
  });
});
