import { describe, expect, it } from 'vitest';
import { verifyAccessToken } from './access-token.ts';
import { signServiceToken, verifyServiceToken } from './service-token.ts';

const SECRET = 's'.repeat(40);

describe('service tokens', () => {
  it('verify with the secret until they expire', () => {
    const now = new Date('2026-11-21T12:00:00Z');
    const token = signServiceToken('workflows', 'demo', SECRET, now, 60);
    expect(verifyServiceToken(token, SECRET, now)).toMatchObject({ svc: 'workflows', ten: 'demo' });
    expect(verifyServiceToken(token, 'x'.repeat(40), now)).toBeUndefined();
    expect(verifyServiceToken(token, SECRET, new Date(now.getTime() + 61_000))).toBeUndefined();
  });

  it('never pass as a user access token', () => {
    const token = signServiceToken('workflows', 'demo', SECRET);
    expect(verifyAccessToken(token, SECRET, new Date())).toBeUndefined();
  });
});
