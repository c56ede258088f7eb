import type { TRoute } from '@stageplein/contracts/routes/route.types';

/**
 * The admin's sections for the menu and dashboard: its manifest rows that are list-like entry
 * points (no parameters, not an "add" form), in manifest order.
 */
export function adminSections(routes: readonly TRoute[]): TRoute[] {
  return routes.filter((r) => r.owner === 'admin' && !r.path.includes(':') && !r.path.endsWith('/add'));
}
