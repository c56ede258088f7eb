/**
 * Spec §4/§7/§8 deployment detection: `latest.json` is polled with a timestamp query; when its
 * version differs from the one this page started with, the app reloads on the next navigation.
 * 404 and 403 answers are tolerated (no manifest deployed, or a proxy hides it).
 */
export const BUILD_MANIFEST_PATH = '/latest.json';
/** How often the manifest is polled (the spec does not say; a minute is cheap and timely). */
export const BUILD_POLL_INTERVAL_MS = 60_000;

export interface TBuildWatchState {
  /** Version of the build this page runs (the first manifest read). */
  baseline: string | undefined;
  updateAvailable: boolean;
}

export function manifestUrl(now: number): string {
  return `${BUILD_MANIFEST_PATH}?t=${now}`;
}

export function parseManifest(body: unknown): string | undefined {
  if (body && typeof body === 'object') {
    const version = (body as { version?: unknown }).version;
    if (typeof version === 'string' && version.trim()) return version.trim();
  }
  return undefined;
}

/** The state after one poll answered with `status` and `body` (undefined status: network failure). */
export function afterPoll(
  state: TBuildWatchState,
  status: number | undefined,
  body: unknown,
): TBuildWatchState {
  if (status !== 200) return state; // 404/403 tolerated; anything else is retried at the next poll.
  const version = parseManifest(body);
  if (!version) return state;
  if (state.baseline === undefined) return { ...state, baseline: version };
  return version === state.baseline ? state : { ...state, updateAvailable: true };
}
