import { describe, expect, it } from 'vitest';
import { AuthCheckCache } from './auth-cache.ts';

const roles = (name: string) => ({ roles: [{ name, resourceType: 'School', resourceId: 'o1' }] });

describe('AuthCheckCache', () => {
  it('memoizes a positive check for the TTL', async () => {
    let t = 0;
    const cache = new AuthCheckCache(() => t);
    let loads = 0;
    const load = async () => (loads++, roles('admin'));
    await cache.check('k', 'u', 1000, load);
    await cache.check('k', 'u', 1000, load);
    expect(loads).toBe(1);
    t = 1001;
    await cache.check('k', 'u', 1000, load);
    expect(loads).toBe(2);
  });

  it('never memoizes a revoked client, and not at all with TTL 0', async () => {
    const cache = new AuthCheckCache(() => 0);
    let loads = 0;
    await cache.check('k', 'u', 1000, async () => (loads++, null));
    await cache.check('k', 'u', 1000, async () => (loads++, null));
    await cache.check('j', 'u', 0, async () => (loads++, roles('admin')));
    await cache.check('j', 'u', 0, async () => (loads++, roles('admin')));
    expect(loads).toBe(4);
  });

  it('drops a user’s memos when the user changes, also during a load', async () => {
    const cache = new AuthCheckCache(() => 0);
    await cache.check('k', 'u', 1000, async () => roles('admin'));
    cache.invalidateUser('u');
    expect(await cache.check('k', 'u', 1000, async () => null)).toBeNull();
    // Changed while loading: the (possibly stale) result is returned once but not kept.
    await cache.check('k', 'u', 1000, async () => {
      cache.invalidateUser('u');
      return roles('admin');
    });
    expect(await cache.check('k', 'u', 1000, async () => roles('student'))).toEqual(roles('student'));
    // Other users are untouched.
    await cache.check('x', 'v', 1000, async () => roles('mentor'));
    cache.invalidateUser('u');
    expect(await cache.check('x', 'v', 1000, async () => null)).toEqual(roles('mentor'));
  });
});
