import { createBrowserRouter, type LoaderFunction } from 'react-router';
import { ROUTES } from '@stageplein/contracts/routes/route-manifest';
import type { TRoute } from '@stageplein/contracts/routes/route.types';
import { NotFoundPage } from '../pages/NotFoundPage.tsx';
import { DefaultLayout, EmptyLayout } from '../shell/Layouts.tsx';
import { BootFallback, Root } from '../shell/Root.tsx';
import { RouteErrorBoundary } from '../shell/RouteErrorBoundary.tsx';
import { hardNavigate } from './hard-navigation.ts';
import { portalRouteObjects, type TLazyPage } from './route-objects.ts';

// Route pages are separate chunks; the placeholder chunk is shared until real screens replace it.
const home: TLazyPage = () => import('../pages/HomePage.tsx').then((m) => ({ Component: m.HomePage }));
const cms: TLazyPage = () => import('../pages/CmsPage.tsx').then((m) => ({ Component: m.CmsPage }));
const placeholder: TLazyPage = () =>
  import('../pages/PlaceholderPage.tsx').then((m) => ({ Component: m.PlaceholderPage }));

function pageFor(route: TRoute): TLazyPage {
  if (route.path === '/') return home;
  if (route.cmsPage) return cms;
  return placeholder;
}

const otherAppLoader: LoaderFunction = ({ request }) => {
  const url = new URL(request.url);
  // Keep the old page on screen while the browser loads the other app.
  if (hardNavigate(url.pathname + url.search)) return new Promise<never>(() => {});
  return null;
};

export function createPortalRouter() {
  return createBrowserRouter(
    portalRouteObjects(ROUTES, {
      Root,
      HydrateFallback: BootFallback,
      ErrorBoundary: RouteErrorBoundary,
      layouts: { default: DefaultLayout, empty: EmptyLayout },
      NotFound: NotFoundPage,
      pageFor,
      otherAppLoader,
    }),
  );
}
