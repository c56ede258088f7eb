import { useLocation } from 'react-router';
import { useTranslate } from 'react-admin';
import { matchRoute, routesFor } from '@stageplein/contracts/routes/route-manifest';

const ADMIN_ROUTES = routesFor('admin');

/** The page title of the current path from its route-manifest row (spec §1 title format uses it). */
export function useRouteTitle(): string {
  const { pathname } = useLocation();
  const translate = useTranslate();
  const route = matchRoute(pathname, ADMIN_ROUTES)?.route;
  return route ? translate(route.titleKey) : '';
}
