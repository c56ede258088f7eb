import { useMatches } from 'react-router';
import type { TRoute } from '@stageplein/contracts/routes/route.types';
import type { TRouteHandle } from '../app/route-objects.ts';

/** The manifest row of the page being shown. */
export function useManifestRoute(): TRoute | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle as TRouteHandle | undefined;
    if (handle?.route) return handle.route;
  }
  return undefined;
}
