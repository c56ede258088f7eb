import { useEffect, useRef, useState } from 'react';
import { Outlet, useLocation, useNavigation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SessionProvider } from '../session/session-provider.tsx';
import { useTenant } from '../tenant/tenant-context.ts';
import { APP_ENTRY_PATH, APP_MODE_STORAGE_KEY, isAppMode, viewportContent } from './app-mode.ts';
import { ColorModeProvider } from './color-mode/color-mode-context.tsx';
import { ServedPart } from './served-part.tsx';
import { LoadingBar, loadingBar } from '@stageplein/design-system/components/loading-bar/loading-bar.tsx';
import { Toaster } from '@stageplein/design-system/components/toasts/toaster.tsx';

/** Spec §9: scroll delay after navigation, and the delay after a route change. */
export const SCROLL_DELAY_MS = 0;
export const ROUTE_CHANGE_DELAY_MS = 100;

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

/**
 * After a route change (and its 100 ms settling delay) screen readers hear the new page title and
 * keyboard focus moves to the page's heading, so nobody is left on a link of the old page. A page
 * still loading its code or data then has no heading yet: the move waits for it (up to 10 s), so a
 * slow phone is not left on the old link either.
 */
const HEADING_WAIT_MS = 10_000;

function RouteAnnouncer() {
  const { pathname } = useLocation();
  const [message, setMessage] = useState('');
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    // Where focus was when the route changed: the link or button that navigated, or nothing.
    const before = document.activeElement;
    let observer: MutationObserver | undefined;
    const settle = () => {
      const main = document.getElementById('main');
      const heading = main?.querySelector<HTMLElement>('h1');
      if (!heading) return false;
      observer?.disconnect();
      observer = undefined;
      setMessage(document.title);
      const active = document.activeElement;
      // Only focus still left behind by the navigation moves; not when the user (or the page) has moved
      // it since, e.g. tabbing on into the header or typing in the new page's first field.
      const leftBehind =
        !active || active === before || active === document.body || active === main || !active.isConnected;
      if (leftBehind) {
        if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
        heading.focus({ preventScroll: true });
      }
      return true;
    };
    const timer = window.setTimeout(() => {
      if (settle()) return;
      observer = new MutationObserver(settle);
      observer.observe(document.getElementById('main') ?? document.body, { childList: true, subtree: true });
    }, ROUTE_CHANGE_DELAY_MS);
    // A page without a heading is still announced.
    const giveUp = window.setTimeout(() => {
      if (!observer) return;
      observer.disconnect();
      setMessage(document.title);
    }, ROUTE_CHANGE_DELAY_MS + HEADING_WAIT_MS);
    return () => {
      window.clearTimeout(timer);
      window.clearTimeout(giveUp);
      observer?.disconnect();
    };
  }, [pathname]);
  return (
    <div className="visually-hidden" aria-live="polite" aria-atomic="true" data-testid="route-announcer">
      {message}
    </div>
  );
}

/** The loading bar starts on page navigation and finishes when it settles (spec §4). */
function useNavigationLoadingBar() {
  const navigation = useNavigation();
  useEffect(() => {
    if (navigation.state === 'idle') loadingBar.finish();
    else loadingBar.start();
  }, [navigation.state]);
}

function rememberedAppSession(): boolean {
  try {
    return window.sessionStorage.getItem(APP_MODE_STORAGE_KEY) === '1';
  } catch {
    return false;
  }
}

/** Spec §2: in app mode, zoom is disabled. */
export function applyAppMode(tenant: Parameters<typeof isAppMode>[0], pathname: string): boolean {
  const on = isAppMode(tenant, {
    pathname,
    rememberedAppSession: rememberedAppSession(),
    standalone: window.matchMedia?.('(display-mode: standalone)').matches ?? false,
  });
  if (on && pathname === APP_ENTRY_PATH) {
    try {
      window.sessionStorage.setItem(APP_MODE_STORAGE_KEY, '1');
    } catch {
      // Without storage app mode lasts while the app stays on /app.
    }
  }
  document.querySelector('meta[name="viewport"]')?.setAttribute('content', viewportContent(on));
  document.documentElement.toggleAttribute('data-app-mode', on);
  return on;
}

function useAppMode() {
  const tenant = useTenant();
  const { pathname } = useLocation();
  useEffect(() => {
    applyAppMode(tenant, pathname);
  }, [tenant, pathname]);
}

function Shell() {
  useScrollToTopOnNavigation();
  useNavigationLoadingBar();
  useAppMode();
  return (
    <>
      <ServedPart>
        <LoadingBar />
      </ServedPart>
      <Outlet />
      <ServedPart>
        <Toaster />
        <RouteAnnouncer />
      </ServedPart>
    </>
  );
}

export function Root() {
  return (
    <ColorModeProvider>
      <SessionProvider>
        <Shell />
      </SessionProvider>
    </ColorModeProvider>
  );
}

/** Shown while the first route's page chunk loads. */
export function BootFallback() {
  const { t } = useTranslation();
  return (
    <div className="boot" aria-busy="true">
      <span className="visually-hidden">{t('shell.loading')}</span>
    </div>
  );
}
