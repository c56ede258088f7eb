import { useEffect, useState } from 'react';
import { useLocation, useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isChunkLoadFailure } from '../app/chunk-errors.ts';
import { reportError } from '../app/error-reporting.ts';
import { hardNavigate } from '@stageplein/contracts/client/hard-navigation';
import { isFatalNotFound } from '../app/route-validation.ts';
import { StatusErrorScreen } from './error-screen.tsx';
import { messageOf, statusOf } from '@stageplein/design-system/components/error-texts.ts';
import { loadingBar } from '@stageplein/design-system/components/loading-bar/loading-bar.tsx';

/**
 * Error element of every route: the spec §8 screen for the error. A failed chunk load first tries a
 * full page load of the same address (spec §8), unless the reload guard says it just did.
 */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  const location = useLocation();
  const [reloading] = useState(
    () => isChunkLoadFailure(error) && hardNavigate(location.pathname + location.search + location.hash),
  );

  useEffect(() => {
    if (reloading) return;
    loadingBar.finish({ error: true });
    reportError(error, { path: location.pathname });
  }, [error, reloading, location.pathname]);

  if (reloading) return <div className="boot" aria-busy="true" />;
  // Spec §2: the fatal "Page Not Found" plus the path (in the page's language).
  if (isFatalNotFound(error))
    return <StatusErrorScreen status={404} detail={t('errors.fatalNotFound', { path: error.path })} />;
  return <StatusErrorScreen status={statusOf(error)} message={messageOf(error)} />;
}
