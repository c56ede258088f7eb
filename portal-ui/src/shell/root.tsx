import { useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router';

/** Spec §9: scroll delay after navigation. */
const SCROLL_DELAY_MS = 0;

/** After each navigation the page scrolls smoothly to the top (spec §2). */
function useScrollToTopOnNavigation() {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    const timer = window.setTimeout(
      () => window.scrollTo({ top: 0, behavior: reduceMotion ? 'auto' : 'smooth' }),
      SCROLL_DELAY_MS,
    );
    return () => window.clearTimeout(timer);
  }, [pathname]);
}

export function Root() {
  useScrollToTopOnNavigation();
  return <Outlet />;
}

/** Shown while the first route's page chunk loads. */
export function BootFallback() {
  return <div className="boot" aria-busy="true" />;
}
