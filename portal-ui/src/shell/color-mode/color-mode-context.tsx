import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { useLocation } from 'react-router';
import type { TTenant } from '@stageplein/contracts/tenants/tenant.types';
// The CSS half of designTokens(): the MUI theme half is the back office's, not for this download.
import { applyCssVariables, portalCssVariables } from '@stageplein/contracts/tenants/theme-css-variables';
import { useTenant } from '../../tenant/tenant-context.ts';
import {
  COLOR_MODE_STORAGE_KEY,
  forcedColorModeFor,
  parseColorModePreference,
  resolveColorMode,
  type TColorMode,
  type TColorModePreference,
} from '@stageplein/design-system/tokens/color-mode.ts';

export function readStoredPreference(): TColorModePreference {
  try {
    return parseColorModePreference(window.localStorage.getItem(COLOR_MODE_STORAGE_KEY));
  } catch {
    return 'system';
  }
}

const DARK_QUERY = '(prefers-color-scheme: dark)';

export function systemPrefersDark(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(DARK_QUERY).matches;
}

/** Writes the tenant's theme for a mode onto <html> (also used before the first render). */
export function applyColorMode(tenant: TTenant, mode: TColorMode): void {
  const root = document.documentElement;
  applyCssVariables(root, portalCssVariables(tenant.theme, mode));
  root.dataset.colorMode = mode;
  root.style.colorScheme = mode;
}

interface TColorModeContext {
  preference: TColorModePreference;
  mode: TColorMode;
  forced: boolean;
  setPreference(preference: TColorModePreference): void;
}

const Context = createContext<TColorModeContext | undefined>(undefined);

function subscribeSystem(listener: () => void) {
  if (typeof window.matchMedia !== 'function') return () => undefined;
  const query = window.matchMedia(DARK_QUERY);
  query.addEventListener('change', listener);
  return () => query.removeEventListener('change', listener);
}

/** Spec §4 colour mode: preference in local storage, "system" follows the OS, a route may force one. */
export function ColorModeProvider({ children }: { children: ReactNode }) {
  const tenant = useTenant();
  const { pathname } = useLocation();
  const [preference, setPreferenceState] = useState<TColorModePreference>(readStoredPreference);
  // Hydrating the gateway's page reads the browser's own value too (the served markup has no colour mode).
  const dark = useSyncExternalStore(subscribeSystem, systemPrefersDark, systemPrefersDark);
  const forced = forcedColorModeFor(pathname);
  const mode = resolveColorMode(preference, { forced, systemPrefersDark: dark });

  useEffect(() => applyColorMode(tenant, mode), [tenant, mode]);

  const setPreference = useCallback((next: TColorModePreference) => {
    try {
      window.localStorage.setItem(COLOR_MODE_STORAGE_KEY, next);
    } catch {
      // Private mode: the choice lasts for this page only.
    }
    setPreferenceState(next);
  }, []);

  const value = useMemo(
    () => ({ preference, mode, forced: !!forced, setPreference }),
    [preference, mode, forced, setPreference],
  );
  return <Context.Provider value={value}>{children}</Context.Provider>;
}

export function useColorMode(): TColorModeContext {
  const value = useContext(Context);
  if (!value) throw new Error('useColorMode() needs the <ColorModeProvider>');
  return value;
}
