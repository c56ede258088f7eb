export type { TRoute, TRouteLayout, TRouteOwner } from './route.types.ts';
export {
  AUTH_FLOW_PATHS,
  HOME_PATH,
  LOGIN_PATH,
  matchRoute,
  NO_ORGANIZATION_PATH,
  ROUTES,
  routeForSystemPage,
  routesFor,
  SIGN_OUT_PATH,
  systemPagePath,
  type TRouteMatch,
} from './route-manifest.ts';
