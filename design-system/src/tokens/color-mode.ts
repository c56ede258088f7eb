/** Spec §4 colour mode: a preference (system, light, dark) kept in local storage; a route can force a mode. */
export const COLOR_MODE_PREFERENCES = ['system', 'light', 'dark'] as const;
export type TColorModePreference = (typeof COLOR_MODE_PREFERENCES)[number];
export type TColorMode = 'light' | 'dark';

export const COLOR_MODE_STORAGE_KEY = 'stageplein.color-mode';

export function parseColorModePreference(raw: string | null | undefined): TColorModePreference {
  return (COLOR_MODE_PREFERENCES as readonly string[]).includes(raw ?? '')
    ? (raw as TColorModePreference)
    : 'system';
}

/** The mode in effect: the route's forced mode, else the preference, with "system" following the OS. */
export function resolveColorMode(
  preference: TColorModePreference,
  options: { forced?: TColorMode | undefined; systemPrefersDark: boolean },
): TColorMode {
  if (options.forced) return options.forced;
  if (preference === 'system') return options.systemPrefersDark ? 'dark' : 'light';
  return preference;
}

/**
 * Routes whose page must look the same for everyone: the contract signing pages (a signature is
 * drawn on white paper) and the printable hours sheet are always light.
 */
const FORCED: readonly [RegExp, TColorMode][] = [
  [/^\/contracts\/[^/]+\/(sign|qr-sign)\/[^/]+\/?$/i, 'light'],
  [/^\/urenbriefje\/[^/]+\/?$/i, 'light'],
];

export function forcedColorModeFor(pathname: string): TColorMode | undefined {
  return FORCED.find(([pattern]) => pattern.test(pathname))?.[1];
}
