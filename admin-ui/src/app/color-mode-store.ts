import type { Store } from 'ra-core';
import {
  COLOR_MODE_STORAGE_KEY,
  parseColorModePreference,
  resolveColorMode,
} from '@stageplein/design-system/tokens/color-mode.ts';

const THEME_KEY = 'theme';

/**
 * react-admin keeps its light/dark choice under the store key `theme`; the portal keeps the
 * colour-mode preference (system, light, dark) in `localStorage['stageplein.color-mode']`. This
 * wrapper makes the portal's preference the source of truth for that key, so a mode chosen in either
 * front end holds in both ("system" follows the OS). Every other key is the base store's.
 */
export function sharedColorModeStore(
  base: Store,
  storage: () => Storage | undefined,
  systemPrefersDark: () => boolean,
): Store {
  return {
    ...base,
    getItem<T = unknown>(key: string, defaultValue?: T): T | undefined {
      if (key !== THEME_KEY) return base.getItem(key, defaultValue);
      const preference = parseColorModePreference(storage()?.getItem(COLOR_MODE_STORAGE_KEY));
      return resolveColorMode(preference, { systemPrefersDark: systemPrefersDark() }) as T;
    },
    setItem<T = unknown>(key: string, value: T): void {
      if (key === THEME_KEY && (value === 'light' || value === 'dark')) {
        storage()?.setItem(COLOR_MODE_STORAGE_KEY, String(value));
      }
      base.setItem(key, value);
    },
  };
}
