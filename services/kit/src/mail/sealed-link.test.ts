import { describe, expect, it } from 'vitest';
import { generateAuthSecret } from '../auth/auth-keys.ts';
import { openLink, sealLink } from './sealed-link.ts';

const keys = (secret: string, previous: string[] = []) => ({
  AUTH_TOKEN_SECRET: secret,
  AUTH_TOKEN_PREVIOUS_SECRETS: previous,
});

describe('sealed links (mail requests carry tokens only sealed)', () => {
  const link = 'http://demo.localhost:3000/urenbriefje/1?link=abcDEF_-123';

  it('opens what it sealed, and the sealed text does not contain the link or its token', () => {
    const config = keys(generateAuthSecret());
    const sealed = sealLink(config, link);
    expect(sealed).not.toContain('abcDEF_-123');
    expect(sealed).not.toContain('urenbriefje');
    expect(openLink(config, sealed)).toBe(link);
    // A fresh IV each time: the same link never seals to the same text.
    expect(sealLink(config, link)).not.toBe(sealed);
  });

  it('refuses another key, a tampered text and garbage', () => {
    const config = keys(generateAuthSecret());
    const sealed = sealLink(config, link);
    expect(openLink(keys(generateAuthSecret()), sealed)).toBeNull();
    const [v, iv, data, tag] = sealed.split('.');
    const flipped = Buffer.from(data!, 'base64url');
    flipped[0] = flipped[0]! ^ 1;
    expect(openLink(config, [v, iv, flipped.toString('base64url'), tag].join('.'))).toBeNull();
    expect(openLink(config, 'v1.x.y')).toBeNull();
    expect(openLink(config, link)).toBeNull();
  });

  it('still opens after a key rotation (the former secret listed as previous)', () => {
    const old = generateAuthSecret();
    const sealed = sealLink(keys(old), link);
    expect(openLink(keys(generateAuthSecret(), [old]), sealed)).toBe(link);
  });
});
