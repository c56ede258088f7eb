import { describe, expect, it } from 'vitest';
import { afterPoll, manifestUrl, parseManifest } from './build-version.ts';

const start = { baseline: undefined, updateAvailable: false };

describe('new-build detection (spec §4, §7, §8)', () => {
  it('polls latest.json with a timestamp query', () => {
    expect(manifestUrl(1700000000000)).toBe('/latest.json?t=1700000000000');
  });

  it('takes the first version as the running build, a different one as an update', () => {
    const first = afterPoll(start, 200, { version: 'aaaa', builtAt: 'x' });
    expect(first).toEqual({ baseline: 'aaaa', updateAvailable: false });
    expect(afterPoll(first, 200, { version: 'aaaa' })).toBe(first);
    expect(afterPoll(first, 200, { version: 'bbbb' })).toEqual({ baseline: 'aaaa', updateAvailable: true });
  });

  it('tolerates 404 and 403, failures and junk', () => {
    const first = afterPoll(start, 200, { version: 'aaaa' });
    for (const status of [404, 403, 500, undefined])
      expect(afterPoll(first, status, { version: 'bbbb' })).toBe(first);
    expect(afterPoll(first, 200, '<html>')).toBe(first);
    expect(parseManifest({ version: '' })).toBeUndefined();
    expect(parseManifest(null)).toBeUndefined();
  });
});
