import { useEffect, useRef, useSyncExternalStore } from 'react';
import { createLoadingBar, LOADING_BAR } from './loading-bar-model.ts';

/** The page's loading bar (spec §4, §9), driven by navigations in the root route. */
export const loadingBar = createLoadingBar({
  now: () => performance.now(),
  setTimeout: (fn, ms) => window.setTimeout(fn, ms),
  clearTimeout: (handle) => window.clearTimeout(handle as number),
});

/** 3 px at the very top, primary colour, error colour on an error. Decorative: pages announce themselves. */
export function LoadingBar() {
  const state = useSyncExternalStore(loadingBar.subscribe, loadingBar.getSnapshot, loadingBar.getSnapshot);
  const bar = useRef<HTMLDivElement>(null);

  useEffect(() => {
    let frame = 0;
    const paint = () => {
      if (bar.current) bar.current.style.transform = `scaleX(${loadingBar.progressNow() / 100})`;
      if (loadingBar.getSnapshot().loading) frame = requestAnimationFrame(paint);
    };
    paint();
    return () => cancelAnimationFrame(frame);
  }, [state]);

  return (
    <div
      className="loading-bar"
      aria-hidden="true"
      data-testid="loading-bar"
      data-visible={state.visible ? 'true' : 'false'}
      data-error={state.error ? 'true' : 'false'}
      style={{ height: LOADING_BAR.heightPx, opacity: state.visible ? 1 : 0 }}
    >
      <div ref={bar} className="loading-bar__fill" />
    </div>
  );
}
