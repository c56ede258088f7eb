import type { ComponentType } from 'react';
import type { LoaderFunction, RouteObject } from 'react-router';
import type { TRoute, TRouteLayout } from '@stageplein/contracts/routes/route.types';

/** `handle` of every manifest-generated route; pages read their manifest row from it. */
export interface TRouteHandle {
  route: TRoute;
}

export type TLazyPage = () => Promise<{ Component: ComponentType }>;

export interface TRouteParts {
  Root: ComponentType;
  HydrateFallback: ComponentType;
  ErrorBoundary: ComponentType;
  layouts: Record<TRouteLayout, ComponentType>;
  NotFound: ComponentType;
  /** The (lazily loaded) page component of a portal route. */
  pageFor: (route: TRoute) => TLazyPage;
  /** Loader of a portal route: the access check (spec §4) and the route's validate step (spec §2). */
  loaderFor: (route: TRoute) => LoaderFunction;
  /** Loader of routes owned by the other app: leaves the SPA for a full page load. */
  otherAppLoader: LoaderFunction;
}

export const NOT_FOUND_ROUTE_ID = 'not-found';

/**
 * React Router route objects for the portal, generated from the manifest: the portal's rows under
 * their layout, the admin's rows as full page loads, anything else the 404 screen. Pure data, so it
 * can be checked against the manifest's own matcher in a test.
 */
export function portalRouteObjects(manifest: readonly TRoute[], parts: TRouteParts): RouteObject[] {
  const page = (route: TRoute): RouteObject => ({
    id: route.path,
    path: route.path,
    handle: { route } satisfies TRouteHandle,
    lazy: parts.pageFor(route),
    loader: parts.loaderFor(route),
    ErrorBoundary: parts.ErrorBoundary,
  });
  const portal = manifest.filter((r) => r.owner === 'portal');
  const others = manifest.filter((r) => r.owner !== 'portal');

  return [
    {
      id: 'root',
      Component: parts.Root,
      HydrateFallback: parts.HydrateFallback,
      ErrorBoundary: parts.ErrorBoundary,
      children: [
        {
          id: 'layout-default',
          Component: parts.layouts.default,
          children: [
            ...portal.filter((r) => r.layout === 'default').map(page),
            ...others.map((route): RouteObject => ({
              id: `${route.owner}:${route.path}`,
              path: route.path,
              handle: { route } satisfies TRouteHandle,
              loader: parts.otherAppLoader,
              // Only shown when the reload guard stopped a loop (the server sent the portal back).
              Component: parts.NotFound,
            })),
            { id: NOT_FOUND_ROUTE_ID, path: '*', Component: parts.NotFound },
          ],
        },
        {
          id: 'layout-empty',
          Component: parts.layouts.empty,
          children: portal.filter((r) => r.layout === 'empty').map(page),
        },
      ],
    },
  ];
}
