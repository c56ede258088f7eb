import { describe, expect, it } from 'vitest';
import { createPrefetchQueue, PREFETCH_CONCURRENCY, prefetchablePath } from './route-prefetch.ts';

const anchor = (href: string, extra: { target?: string; download?: boolean } = {}) => ({
  href,
  target: extra.target ?? '',
  hasAttribute: (name: string) => name === 'download' && !!extra.download,
});

describe('route prefetch (spec §9: about 4 in parallel)', () => {
  it('runs at most 4 at a time and each key once', async () => {
    expect(PREFETCH_CONCURRENCY).toBe(4);
    const q = createPrefetchQueue();
    const releases: (() => void)[] = [];
    const job = () => new Promise<void>((resolve) => releases.push(resolve));
    for (let i = 0; i < 6; i++) expect(q.add(`/p${i}`, job)).toBe(true);
    expect(q.add('/p0', job)).toBe(false);
    expect(q.running()).toBe(4);
    expect(q.waiting()).toBe(2);
    releases.shift()!();
    await new Promise((r) => setTimeout(r, 0));
    expect(q.running()).toBe(4);
    expect(q.waiting()).toBe(1);
  });

  it('keeps going after a failed prefetch', async () => {
    const q = createPrefetchQueue(1);
    let ran = false;
    q.add('/a', () => Promise.reject(new Error('offline')));
    q.add('/b', async () => {
      ran = true;
    });
    await new Promise((r) => setTimeout(r, 0));
    expect(ran).toBe(true);
  });

  it('only prefetches links to this site in this window', () => {
    const origin = 'http://demo.localhost:3000';
    expect(prefetchablePath(anchor(`${origin}/instellingen?x=1`), origin)).toBe('/instellingen');
    expect(prefetchablePath(anchor('https://elders.test/'), origin)).toBeUndefined();
    expect(prefetchablePath(anchor(`${origin}/x`, { target: '_blank' }), origin)).toBeUndefined();
    expect(prefetchablePath(anchor(`${origin}/x.pdf`, { download: true }), origin)).toBeUndefined();
  });
});
