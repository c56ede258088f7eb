import {
  createToast,
  pause as pauseToast,
  resume as resumeToast,
  tick,
  TOAST_PROGRESS_INTERVAL_MS,
  type TToast,
  type TToastInput,
} from './toast-model.ts';

export interface TToastTimers {
  now(): number;
  setInterval(fn: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

export interface TToastStore {
  add(input: TToastInput): string;
  remove(id: string): void;
  pause(id: string): void;
  resume(id: string): void;
  clear(): void;
  getSnapshot(): readonly TToast[];
  subscribe(listener: () => void): () => void;
}

/**
 * The toast list with its 16 ms progress clock (spec §9). The clock only runs while a toast is
 * running, so an idle page has no timer.
 */
export function createToastStore(timers: TToastTimers): TToastStore {
  let toasts: readonly TToast[] = [];
  let handle: unknown;
  let counter = 0;
  const listeners = new Set<() => void>();

  const emit = () => {
    for (const l of listeners) l();
  };
  const set = (next: readonly TToast[]) => {
    toasts = next;
    syncClock();
    emit();
  };
  const onTick = () => set(tick(toasts, timers.now()));
  function syncClock() {
    const running = toasts.some((t) => t.runningSince !== undefined && t.duration > 0);
    if (running && handle === undefined) handle = timers.setInterval(onTick, TOAST_PROGRESS_INTERVAL_MS);
    if (!running && handle !== undefined) {
      timers.clearInterval(handle);
      handle = undefined;
    }
  }

  return {
    add(input) {
      const id = `toast-${++counter}`;
      set([...toasts, createToast(input, id, timers.now())]);
      return id;
    },
    remove(id) {
      if (toasts.some((t) => t.id === id)) set(toasts.filter((t) => t.id !== id));
    },
    pause(id) {
      set(toasts.map((t) => (t.id === id ? pauseToast(t, timers.now()) : t)));
    },
    resume(id) {
      set(toasts.map((t) => (t.id === id ? resumeToast(t, timers.now()) : t)));
    },
    clear() {
      set([]);
    },
    getSnapshot: () => toasts,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
