import { describe, expect, it } from 'vitest';
import { matchRoutes, type RouteObject } from 'react-router';
import { matchRoute, ROUTES } from '@stageplein/contracts/routes/route-manifest';
import type { TRoute } from '@stageplein/contracts/routes/route.types';
import {
  NOT_FOUND_ROUTE_ID,
  portalRouteObjects,
  type TRouteHandle,
  type TRouteParts,
} from './route-objects.ts';

const Stub = () => null;
const parts: TRouteParts = {
  Root: Stub,
  HydrateFallback: Stub,
  ErrorBoundary: Stub,
  layouts: { default: Stub, empty: Stub },
  NotFound: Stub,
  pageFor: () => () => Promise.resolve({ Component: Stub }),
  loaderFor: () => () => null,
  otherAppLoader: () => null,
};
const objects = portalRouteObjects(ROUTES, parts);

/** A concrete path for a pattern: every parameter filled in, optional ones too. */
function examplePath(pattern: string, withOptional = true): string {
  const parts = pattern
    .split('/')
    .filter(Boolean)
    .flatMap((part) => {
      if (!part.startsWith(':')) return [part];
      if (part.endsWith('?')) return withOptional ? ['sample-slug'] : [];
      return ['42'];
    });
  return `/${parts.join('/')}`;
}

function leaf(pathname: string): RouteObject | undefined {
  const matches = matchRoutes(objects, pathname);
  return matches?.[matches.length - 1]?.route;
}

describe('portalRouteObjects', () => {
  // CPU only (two matchers over every manifest path): 5.6–8.4 s at load 16 on the shared 2-core machine.
  it(
    'routes every manifest path to the same row as the manifest matcher (so gateway and router agree)',
    {
      timeout: 30_000,
    },
    () => {
      const paths = ROUTES.flatMap((r: TRoute) => [examplePath(r.path), examplePath(r.path, false)]);
      for (const path of paths) {
        const expected = matchRoute(path)?.route;
        const handle = leaf(path)?.handle as TRouteHandle | undefined;
        expect(handle?.route.path, path).toBe(expected?.path);
      }
    },
  );

  it('puts each portal row under its layout and lazily loads its page', () => {
    const [root] = objects;
    const [defaultLayout, emptyLayout] = root!.children!;
    const emptyPaths = emptyLayout!.children!.map((r) => r.path);
    expect(emptyPaths).toEqual(
      ROUTES.filter((r) => r.owner === 'portal' && r.layout === 'empty').map((r) => r.path),
    );
    for (const child of [...defaultLayout!.children!, ...emptyLayout!.children!]) {
      const route = (child.handle as TRouteHandle | undefined)?.route;
      if (route?.owner === 'portal') expect(typeof child.lazy).toBe('function');
    }
  });

  it('sends admin rows to a full page load', () => {
    const route = leaf('/organizations/approve');
    expect((route?.handle as TRouteHandle).route.owner).toBe('admin');
    expect(route?.loader).toBe(parts.otherAppLoader);
  });

  it('has no portal page for admin-only paths (the CMS catch-all must not take /users)', () => {
    expect((leaf('/users')?.handle as TRouteHandle).route.owner).toBe('admin');
    expect((leaf('/over-ons')?.handle as TRouteHandle).route.cmsPage).toBe(true);
  });

  it('shows the 404 screen for paths in no manifest row', () => {
    for (const path of ['/does/not/exist', '/users/1/edit/extra', '/nieuws/a/b']) {
      expect(leaf(path)?.id, path).toBe(NOT_FOUND_ROUTE_ID);
      expect(matchRoute(path), path).toBeUndefined();
    }
  });

  it('prefers the home page over the CMS catch-all at /', () => {
    expect((leaf('/')?.handle as TRouteHandle).route.titleKey).toBe('routes.home');
  });
});
