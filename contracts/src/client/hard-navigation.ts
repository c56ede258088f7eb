/**
 * Both apps (portal-ui, admin-ui) know the other's paths: an in-app navigation to such a path
 * becomes a full page load, which the gateway answers with the owning app. The reload guard (spec §9:
 * 10 seconds) stops a loop if the server hands the same app back for the same path.
 */
export const RELOAD_GUARD_MS = 10_000;
const STORAGE_KEY = 'stageplein.hardNavigation';

export interface THardNavigationRecord {
  path: string;
  at: number;
}

/** False when the same path was hard-navigated to within the guard window (it came back here). */
export function shouldHardNavigate(
  previous: THardNavigationRecord | undefined,
  path: string,
  now: number,
  windowMs = RELOAD_GUARD_MS,
): boolean {
  if (!previous || previous.path !== path) return true;
  const elapsed = now - previous.at;
  return !(elapsed >= 0 && elapsed < windowMs);
}

export function parseRecord(raw: string | null | undefined): THardNavigationRecord | undefined {
  if (!raw) return undefined;
  try {
    const value: unknown = JSON.parse(raw);
    if (value && typeof value === 'object') {
      const { path, at } = value as Record<string, unknown>;
      if (typeof path === 'string' && typeof at === 'number' && Number.isFinite(at)) return { path, at };
    }
  } catch {
    // Corrupt entry: as if there were none.
  }
  return undefined;
}

function storage(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

/**
 * Leaves the single-page app for `path` unless the guard says it just tried; true when the browser
 * is navigating away.
 */
export function hardNavigate(path: string): boolean {
  const store = storage();
  const now = Date.now();
  if (!shouldHardNavigate(parseRecord(store?.getItem(STORAGE_KEY)), path, now)) return false;
  store?.setItem(STORAGE_KEY, JSON.stringify({ path, at: now } satisfies THardNavigationRecord));
  window.location.assign(path);
  return true;
}
