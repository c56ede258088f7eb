import { describe, expect, it } from 'vitest';
import { sharedMaxAge } from './cms-prerender.ts';

describe('sharedMaxAge: how long the gateway may reuse a content answer', () => {
  it('is the max-age of a public answer', () => {
    expect(sharedMaxAge('public, max-age=60')).toBe(60);
    expect(sharedMaxAge('max-age=30, public')).toBe(30);
  });

  it('is 0 for answers meant for one caller, not to be stored, or without a max-age', () => {
    for (const value of [
      'private, no-store',
      'public, no-cache, max-age=60',
      'private, max-age=60',
      'public',
      '',
      undefined,
    ])
      expect(sharedMaxAge(value), String(value)).toBe(0);
  });
});
