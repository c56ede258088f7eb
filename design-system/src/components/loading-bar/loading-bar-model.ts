/**
 * The navigation loading bar (spec §4, §9): starts on page navigation, appears only when loading
 * takes longer than the throttle, rises asymptotically towards 100, jumps to 100 when done, hides
 * 500 ms later and resets 400 ms after that; an error turns it the error colour.
 */
export const LOADING_BAR = Object.freeze({
  estimatedDurationMs: 2000,
  throttleMs: 200,
  hideDelayMs: 500,
  resetDelayMs: 400,
  heightPx: 3,
});

/** Rises asymptotically to 100: about 70 at the estimated duration, about 94 at five times it. */
export function estimatedProgress(durationMs: number, elapsedMs: number): number {
  if (elapsedMs <= 0) return 0;
  return (2 / Math.PI) * 100 * Math.atan(((elapsedMs / durationMs) * 100) / 50);
}

export interface TLoadingBarState {
  /** Shown (after the throttle) until the hide delay has passed. */
  visible: boolean;
  /** Running: progress follows the estimate from `startedAt`. */
  loading: boolean;
  /** When loading started (ms). */
  startedAt: number | undefined;
  /** Fixed progress when not loading (100 when finished, 0 when reset). */
  progress: number;
  error: boolean;
}

export const IDLE: TLoadingBarState = Object.freeze({
  visible: false,
  loading: false,
  startedAt: undefined,
  progress: 0,
  error: false,
});

export interface TLoadingBarTimers {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface TLoadingBar {
  start(): void;
  finish(options?: { error?: boolean }): void;
  /** Progress now (0..100), for the animation frame loop. */
  progressNow(): number;
  getSnapshot(): TLoadingBarState;
  subscribe(listener: () => void): () => void;
}

export function createLoadingBar(timers: TLoadingBarTimers, config = LOADING_BAR): TLoadingBar {
  let state: TLoadingBarState = IDLE;
  let throttle: unknown;
  let hide: unknown;
  let reset: unknown;
  const listeners = new Set<() => void>();

  const set = (next: Partial<TLoadingBarState>) => {
    state = { ...state, ...next };
    for (const l of listeners) l();
  };
  const clear = () => {
    for (const h of [throttle, hide, reset]) if (h !== undefined) timers.clearTimeout(h);
    throttle = hide = reset = undefined;
  };

  return {
    start() {
      if (state.loading) return;
      clear();
      const startedAt = timers.now();
      const wasVisible = state.visible;
      set({ loading: true, startedAt, progress: 0, error: false, visible: wasVisible });
      if (!wasVisible) throttle = timers.setTimeout(() => set({ visible: true }), config.throttleMs);
    },
    finish(options = {}) {
      const error = options.error === true;
      if (!state.loading && !error) return;
      clear();
      if (!state.visible && !error) {
        // Done within the throttle: the bar never showed.
        set(IDLE);
        return;
      }
      set({ loading: false, visible: true, progress: 100, error });
      hide = timers.setTimeout(() => {
        set({ visible: false });
        reset = timers.setTimeout(() => set(IDLE), config.resetDelayMs);
      }, config.hideDelayMs);
    },
    progressNow() {
      if (!state.loading || state.startedAt === undefined) return state.progress;
      return estimatedProgress(config.estimatedDurationMs, timers.now() - state.startedAt);
    },
    getSnapshot: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
