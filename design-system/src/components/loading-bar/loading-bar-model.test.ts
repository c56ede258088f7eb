import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLoadingBar, estimatedProgress, LOADING_BAR } from './loading-bar-model.ts';

describe('estimatedProgress', () => {
  it('rises asymptotically towards 100', () => {
    expect(estimatedProgress(2000, 0)).toBe(0);
    const samples = [100, 500, 1000, 2000, 4000, 10_000, 100_000].map((t) => estimatedProgress(2000, t));
    for (let i = 1; i < samples.length; i++) expect(samples[i]!).toBeGreaterThan(samples[i - 1]!);
    expect(samples.at(-1)!).toBeLessThan(100);
    expect(samples.at(-1)!).toBeGreaterThan(99);
    expect(estimatedProgress(2000, 2000)).toBeCloseTo(70.48, 1);
  });
});

describe('loading bar (spec §4, §9)', () => {
  beforeEach(() => vi.useFakeTimers({ now: 0 }));
  afterEach(() => vi.useRealTimers());

  const bar = () =>
    createLoadingBar({
      now: () => Date.now(),
      setTimeout: (fn, ms) => setTimeout(fn, ms),
      clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
    });

  it('has the spec constants', () => {
    expect(LOADING_BAR).toEqual({
      estimatedDurationMs: 2000,
      throttleMs: 200,
      hideDelayMs: 500,
      resetDelayMs: 400,
      heightPx: 3,
    });
  });

  it('stays hidden when loading finishes within the 200 ms throttle', () => {
    const b = bar();
    b.start();
    vi.advanceTimersByTime(199);
    expect(b.getSnapshot().visible).toBe(false);
    b.finish();
    vi.advanceTimersByTime(5000);
    expect(b.getSnapshot()).toMatchObject({ visible: false, loading: false, progress: 0 });
  });

  it('shows after 200 ms, completes, hides after 500 ms and resets 400 ms later', () => {
    const b = bar();
    b.start();
    vi.advanceTimersByTime(200);
    expect(b.getSnapshot().visible).toBe(true);
    vi.advanceTimersByTime(1800);
    expect(b.progressNow()).toBeCloseTo(70.48, 1);
    b.finish();
    expect(b.getSnapshot()).toMatchObject({ visible: true, loading: false, progress: 100 });
    expect(b.progressNow()).toBe(100);
    vi.advanceTimersByTime(499);
    expect(b.getSnapshot().visible).toBe(true);
    vi.advanceTimersByTime(1);
    expect(b.getSnapshot()).toMatchObject({ visible: false, progress: 100 });
    vi.advanceTimersByTime(399);
    expect(b.getSnapshot().progress).toBe(100);
    vi.advanceTimersByTime(1);
    expect(b.getSnapshot()).toMatchObject({ visible: false, progress: 0, error: false });
  });

  it('takes the error colour on an error, even when the error came fast', () => {
    const b = bar();
    b.start();
    b.finish({ error: true });
    expect(b.getSnapshot()).toMatchObject({ visible: true, progress: 100, error: true });
    vi.advanceTimersByTime(900);
    expect(b.getSnapshot().error).toBe(false);
  });

  it('restarts cleanly when a navigation begins while hiding', () => {
    const b = bar();
    b.start();
    vi.advanceTimersByTime(300);
    b.finish();
    vi.advanceTimersByTime(100);
    b.start();
    expect(b.getSnapshot()).toMatchObject({ visible: true, loading: true, progress: 0 });
    vi.advanceTimersByTime(10_000);
    expect(b.getSnapshot().visible).toBe(true);
  });
});
