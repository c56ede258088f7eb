import { describe, expect, it } from 'vitest';
import { GenerationMemo } from './generation-memo.ts';

const roles = (name: string) => ({ roles: [{ name, resourceType: 'School', resourceId: 'o1' }] });

// Its first user: the credential checks (kit auth-cache.ts), owned by users.
describe('GenerationMemo', () => {
  it('memoizes a positive check for the TTL', async () => {
    let t = 0;
    const cache = new GenerationMemo<ReturnType<typeof roles>>(() => t);
    let loads = 0;
    const load = async () => (loads++, roles('admin'));
    await cache.get('k', 'u', 1000, load);
    await cache.get('k', 'u', 1000, load);
    expect(loads).toBe(1);
    t = 1001;
    await cache.get('k', 'u', 1000, load);
    expect(loads).toBe(2);
  });

  it('never memoizes a revoked client, and not at all with TTL 0', async () => {
    const cache = new GenerationMemo<ReturnType<typeof roles>>(() => 0);
    let loads = 0;
    await cache.get('k', 'u', 1000, async () => (loads++, null));
    await cache.get('k', 'u', 1000, async () => (loads++, null));
    await cache.get('j', 'u', 0, async () => (loads++, roles('admin')));
    await cache.get('j', 'u', 0, async () => (loads++, roles('admin')));
    expect(loads).toBe(4);
  });

  it('drops a user’s memos when the user changes, also during a load', async () => {
    const cache = new GenerationMemo<ReturnType<typeof roles>>(() => 0);
    await cache.get('k', 'u', 1000, async () => roles('admin'));
    cache.invalidate('u');
    expect(await cache.get('k', 'u', 1000, async () => null)).toBeNull();
    // Changed while loading: the (possibly stale) result is returned once but not kept.
    await cache.get('k', 'u', 1000, async () => {
      cache.invalidate('u');
      return roles('admin');
    });
    expect(await cache.get('k', 'u', 1000, async () => roles('student'))).toEqual(roles('student'));
    // Other users are untouched.
    await cache.get('x', 'v', 1000, async () => roles('mentor'));
    cache.invalidate('u');
    expect(await cache.get('x', 'v', 1000, async () => null)).toEqual(roles('mentor'));
  });
});
