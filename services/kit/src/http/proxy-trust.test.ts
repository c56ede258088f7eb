import { describe, expect, it } from 'vitest';

import { compileTrust } from './proxy-trust.ts';

describe('compileTrust', () => {
  it('trusts nobody without proxies', () => {
    expect(compileTrust([])('127.0.0.1', 0)).toBe(false);
  });

  it("answers as proxy-addr's list, the same when asked again", () => {
    const trust = compileTrust(['loopback', '10.0.0.0/8']);
    for (let round = 0; round < 2; round++) {
      expect(trust('127.0.0.1', 0)).toBe(true);
      expect(trust('::1', 0)).toBe(true);
      expect(trust('::ffff:127.0.0.1', 1)).toBe(true);
      expect(trust('10.1.2.3', 0)).toBe(true);
      expect(trust('192.168.1.5', 0)).toBe(false);
      expect(trust('not an address', 0)).toBe(false);
    }
  });

  it('keeps answering right past its memo of addresses', () => {
    const trust = compileTrust(['10.0.0.0/8']);
    for (let i = 0; i < 2500; i++) expect(trust(`10.0.${i >> 8}.${i & 255}`, 0)).toBe(true);
    for (let i = 0; i < 2500; i++) expect(trust(`11.0.${i >> 8}.${i & 255}`, 0)).toBe(false);
  });
});
