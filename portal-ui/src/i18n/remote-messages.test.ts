import { describe, expect, it, vi } from 'vitest';
import { MESSAGE_CACHE_MS } from '@stageplein/contracts/i18n/index';
import {
  flattenMessages,
  loadRemoteMessages,
  messageCacheKey,
  nestMessages,
  readMessageCache,
  writeMessageCache,
} from './remote-messages.ts';

function memoryStorage() {
  const map = new Map<string, string>();
  return {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    map,
  };
}

describe('messages file (spec §7, §8, §9)', () => {
  it('flattens nested and flat maps to string leaves only', () => {
    expect(flattenMessages({ shell: { signIn: 'Log in', n: 1 }, 'routes.home': 'Start', bad: null })).toEqual(
      {
        'shell.signIn': 'Log in',
        'routes.home': 'Start',
      },
    );
    expect(nestMessages({ 'shell.signIn': 'x', 'a.b.c': 'y', '__proto__.x': 'z' })).toEqual({
      shell: { signIn: 'x' },
      a: { b: { c: 'y' } },
    });
  });

  it('caches for 24 hours', () => {
    expect(MESSAGE_CACHE_MS).toBe(24 * 60 * 60 * 1000);
    const raw = writeMessageCache({ 'a.b': 'x' }, 1000);
    expect(readMessageCache(raw, 1000 + MESSAGE_CACHE_MS - 1)).toEqual({ 'a.b': 'x' });
    expect(readMessageCache(raw, 1000 + MESSAGE_CACHE_MS)).toBeUndefined();
    expect(readMessageCache(raw, 999)).toBeUndefined();
    expect(readMessageCache('{nope', 1000)).toBeUndefined();
    expect(readMessageCache(null, 1000)).toBeUndefined();
  });

  it('fetches once and then serves from the cache', async () => {
    const storage = memoryStorage();
    const fetchMessages = vi.fn(async () => ({ status: 200, body: { shell: { signIn: 'Aanmelden' } } }));
    const source = { lang: 'nl' as const, tenant: 'demo', now: () => 5000, storage, fetchMessages };
    expect(await loadRemoteMessages(source)).toEqual({ 'shell.signIn': 'Aanmelden' });
    expect(await loadRemoteMessages(source)).toEqual({ 'shell.signIn': 'Aanmelden' });
    expect(fetchMessages).toHaveBeenCalledTimes(1);
    expect(fetchMessages).toHaveBeenCalledWith('/api/v1/cms/messages/nl');
    expect(storage.map.has(messageCacheKey('demo', 'nl'))).toBe(true);
  });

  it('treats "not found" as no overrides (cached) and ignores every failure', async () => {
    const storage = memoryStorage();
    const base = { lang: 'en' as const, tenant: 'demo', now: () => 0, storage };
    expect(
      await loadRemoteMessages({ ...base, fetchMessages: async () => ({ status: 404, body: {} }) }),
    ).toEqual({});
    const fresh = memoryStorage();
    expect(
      await loadRemoteMessages({
        ...base,
        storage: fresh,
        fetchMessages: async () => ({ status: 500, body: {} }),
      }),
    ).toBeUndefined();
    expect(fresh.map.size).toBe(0);
    expect(
      await loadRemoteMessages({
        ...base,
        storage: fresh,
        fetchMessages: () => Promise.reject(new Error('offline')),
      }),
    ).toBeUndefined();
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    };
    expect(
      await loadRemoteMessages({
        ...base,
        storage: broken,
        fetchMessages: async () => ({ status: 200, body: { a: 'b' } }),
      }),
    ).toEqual({ a: 'b' });
  });
});
