import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { hasKey } from '@stageplein/contracts/i18n/index';
import {
  createToast,
  isExpired,
  pause,
  positionParts,
  progressAt,
  remaining,
  resume,
  TOAST_DEFAULT_DURATION_MS,
  TOAST_DEFAULT_POSITION,
  TOAST_POSITIONS,
  TOAST_PROGRESS_INTERVAL_MS,
  toastLabelKey,
  toastPoliteness,
} from './toast-model.ts';
import { createToastStore } from './toast-store.ts';

describe('toast rules (spec §4, §8, §9)', () => {
  it('has the spec constants', () => {
    expect(TOAST_DEFAULT_DURATION_MS).toBe(5000);
    expect(TOAST_PROGRESS_INTERVAL_MS).toBe(16);
    expect(TOAST_DEFAULT_POSITION).toBe('bottom-right');
    expect(TOAST_POSITIONS.map(positionParts)).toEqual(
      ['top', 'bottom'].flatMap((vertical) =>
        ['left', 'center', 'right'].map((horizontal) => ({ vertical, horizontal })),
      ),
    );
  });

  it('grows progress to 1 over its duration, then expires', () => {
    const t = createToast({ message: 'x' }, 'a', 1000);
    expect(progressAt(t, 1000)).toBe(0);
    expect(progressAt(t, 3500)).toBe(0.5);
    expect(isExpired(t, 5999)).toBe(false);
    expect(isExpired(t, 6000)).toBe(true);
    expect(progressAt(t, 9000)).toBe(1);
  });

  it('pauses and resumes with the remaining time', () => {
    let t = createToast({ duration: 1000 }, 'a', 0);
    t = pause(t, 400);
    expect(remaining(t, 5000)).toBe(600);
    expect(progressAt(t, 5000)).toBe(0.4);
    expect(isExpired(t, 99_999)).toBe(false);
    t = resume(t, 10_000);
    expect(remaining(t, 10_100)).toBe(500);
    expect(isExpired(t, 10_599)).toBe(false);
    expect(isExpired(t, 10_600)).toBe(true);
    // Pausing twice or resuming a running toast changes nothing.
    expect(resume(t, 20_000)).toBe(t);
  });

  it('never expires with a duration of 0 or less', () => {
    for (const duration of [0, -1]) {
      const t = createToast({ duration }, 'a', 0);
      expect(isExpired(t, 1e12)).toBe(false);
      expect(progressAt(t, 1e12)).toBe(0);
    }
  });

  it('labels and announces by colour', () => {
    expect(['success', 'error', 'warning', 'info', 'neutral'].map((c) => toastLabelKey(c as never))).toEqual([
      'toast.success',
      'toast.error',
      'toast.warning',
      'toast.info',
      'toast.notification',
    ]);
    for (const c of ['success', 'error', 'warning', 'info', 'neutral'] as const)
      expect(hasKey(toastLabelKey(c))).toBe(true);
    expect(toastPoliteness('error')).toBe('assertive');
    expect(toastPoliteness('warning')).toBe('polite');
    expect(toastPoliteness('success')).toBe('polite');
  });
});

describe('toast store', () => {
  beforeEach(() => vi.useFakeTimers({ now: 0 }));
  afterEach(() => vi.useRealTimers());

  const store = () =>
    createToastStore({
      now: () => Date.now(),
      setInterval: (fn, ms) => setInterval(fn, ms),
      clearInterval: (h) => clearInterval(h as ReturnType<typeof setInterval>),
    });

  it('ticks every 16 ms and removes a toast within one tick after 5000 ms', () => {
    const s = store();
    const updates = vi.fn();
    s.subscribe(updates);
    s.add({ message: 'Opgeslagen', color: 'success' });
    vi.advanceTimersByTime(16);
    expect(s.getSnapshot()[0]!.progress).toBeCloseTo(16 / 5000);
    expect(updates).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(2500 - 16);
    expect(s.getSnapshot()[0]!.progress).toBeCloseTo(0.5);
    vi.advanceTimersByTime(2500 - 16);
    expect(s.getSnapshot()).toHaveLength(1);
    // Removed at the first tick at or after 5000 ms.
    vi.advanceTimersByTime(16 + 16);
    expect(s.getSnapshot()).toEqual([]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('keeps a paused toast and stops the clock while nothing runs', () => {
    const s = store();
    const id = s.add({ message: 'x' });
    vi.advanceTimersByTime(1000);
    s.pause(id);
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(60_000);
    expect(s.getSnapshot()).toHaveLength(1);
    s.resume(id);
    vi.advanceTimersByTime(3990);
    expect(s.getSnapshot()).toHaveLength(1);
    vi.advanceTimersByTime(20);
    expect(s.getSnapshot()).toHaveLength(0);
  });

  it('removes on request and runs no clock for toasts that never expire', () => {
    const s = store();
    const id = s.add({ message: 'x', duration: 0 });
    expect(vi.getTimerCount()).toBe(0);
    s.remove(id);
    expect(s.getSnapshot()).toEqual([]);
  });
});
