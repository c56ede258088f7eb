import { safeRedirectPath } from '@stageplein/contracts/client/navigation';
import { AUTH_FLOW_PATHS, LOGIN_PATH } from '@stageplein/contracts/routes/route-manifest';
import type { TRoute } from '@stageplein/contracts/routes/route.types';

/** Spec §4 "Access to a route: may be allowed, denied or redirected". */
export type TRouteAccess =
  { kind: 'allow' } | { kind: 'redirect'; to: string } | { kind: 'deny'; status: 403 };

/** Query parameter that carries the page to return to after signing in. */
export const REDIRECT_PARAM = 'redirect';
/** Where a user lands after signing in when nothing else was asked for. */
export const AFTER_SIGN_IN_PATH = '/dashboard';

/** A route a signed-out user may open: public ones and the sign-in flow pages (not marked public in the spec). */
export function isOpenRoute(route: Pick<TRoute, 'path' | 'public'>): boolean {
  return route.public || AUTH_FLOW_PATHS.includes(route.path);
}

/** The login page with the way back. */
export function loginPathFor(returnTo: string): string {
  if (!returnTo || returnTo === '/' || returnTo.startsWith(LOGIN_PATH)) return LOGIN_PATH;
  return `${LOGIN_PATH}?${REDIRECT_PARAM}=${encodeURIComponent(returnTo)}`;
}

/**
 * Spec §5: a non-public route requires authentication; signed-out users are sent to the login page
 * (spec §2: `/auth/login-1` is the redirect target), which brings them back afterwards.
 */
export function routeAccess(
  route: Pick<TRoute, 'path' | 'public'>,
  context: { signedIn: boolean; returnTo: string },
): TRouteAccess {
  if (isOpenRoute(route) || context.signedIn) return { kind: 'allow' };
  return { kind: 'redirect', to: loginPathFor(context.returnTo) };
}

/** Where to go after signing in: the `redirect` parameter when it is an internal path, else the dashboard. */
export function afterSignInPath(search: string, origin: string): string {
  const target = safeRedirectPath(new URLSearchParams(search).get(REDIRECT_PARAM), origin);
  if (!target || target.startsWith(LOGIN_PATH) || target.startsWith('/uitloggen')) return AFTER_SIGN_IN_PATH;
  return target;
}
