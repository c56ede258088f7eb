import { describe, expect, it } from 'vitest';
import { memoryStore } from 'ra-core';
import { COLOR_MODE_STORAGE_KEY } from '@stageplein/design-system/tokens/color-mode.ts';
import { sharedColorModeStore } from './color-mode-store.ts';

function fakeStorage(initial: Record<string, string> = {}): Storage {
  const data = new Map(Object.entries(initial));
  return {
    get length() {
      return data.size;
    },
    clear: () => data.clear(),
    getItem: (k) => data.get(k) ?? null,
    key: (i) => [...data.keys()][i] ?? null,
    removeItem: (k) => void data.delete(k),
    setItem: (k, v) => void data.set(k, v),
  };
}

describe('sharedColorModeStore', () => {
  it('reads the portal’s preference as react-admin’s theme, "system" following the OS', () => {
    const storage = fakeStorage({ [COLOR_MODE_STORAGE_KEY]: 'dark' });
    expect(
      sharedColorModeStore(
        memoryStore(),
        () => storage,
        () => false,
      ).getItem('theme'),
    ).toBe('dark');
    storage.setItem(COLOR_MODE_STORAGE_KEY, 'system');
    expect(
      sharedColorModeStore(
        memoryStore(),
        () => storage,
        () => true,
      ).getItem('theme'),
    ).toBe('dark');
    expect(
      sharedColorModeStore(
        memoryStore(),
        () => storage,
        () => false,
      ).getItem('theme'),
    ).toBe('light');
  });

  it('writes react-admin’s toggle to the portal’s preference, and no other key', () => {
    const storage = fakeStorage();
    const store = sharedColorModeStore(
      memoryStore(),
      () => storage,
      () => false,
    );
    store.setItem('theme', 'dark');
    expect(storage.getItem(COLOR_MODE_STORAGE_KEY)).toBe('dark');
    store.setItem('sidebar.open', true);
    expect(storage.length).toBe(1);
  });
});
