import { hardNavigate } from '@stageplein/contracts/client/hard-navigation';
import { afterPoll, BUILD_POLL_INTERVAL_MS, manifestUrl, type TBuildWatchState } from './build-version.ts';

interface TRouterLike {
  subscribe(
    listener: (state: {
      navigation: { state: string; location?: { pathname: string; search: string; hash: string } };
    }) => void,
  ): () => void;
}

/**
 * Polls latest.json (spec §7) every minute and when the tab becomes visible again; once a newer
 * build is out, the next navigation becomes a full page load of its target (spec §4), under the
 * 10 s reload guard. Subscribed to the router itself, so it acts when a navigation starts.
 */
export function startBuildWatch(router: TRouterLike): () => void {
  let state: TBuildWatchState = { baseline: undefined, updateAvailable: false };
  let stopped = false;

  const poll = async () => {
    let status: number | undefined;
    let body: unknown;
    try {
      const response = await fetch(manifestUrl(Date.now()), {
        cache: 'no-store',
        credentials: 'same-origin',
      });
      status = response.status;
      body = response.ok ? await response.json().catch(() => undefined) : undefined;
    } catch {
      status = undefined;
    }
    if (!stopped) state = afterPoll(state, status, body);
  };

  void poll();
  const timer = window.setInterval(() => void poll(), BUILD_POLL_INTERVAL_MS);
  const onVisible = () => {
    if (document.visibilityState === 'visible') void poll();
  };
  document.addEventListener('visibilitychange', onVisible);
  const unsubscribe = router.subscribe(({ navigation }) => {
    const next = navigation.location;
    if (navigation.state !== 'idle' && next && state.updateAvailable) {
      hardNavigate(next.pathname + next.search + next.hash);
    }
  });

  return () => {
    stopped = true;
    window.clearInterval(timer);
    document.removeEventListener('visibilitychange', onVisible);
    unsubscribe();
  };
}
