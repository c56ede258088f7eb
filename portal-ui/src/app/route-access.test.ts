import { describe, expect, it } from 'vitest';
import { AUTH_FLOW_PATHS, ROUTES } from '@stageplein/contracts/routes/route-manifest';
import { afterSignInPath, isOpenRoute, loginPathFor, routeAccess } from './route-access.ts';

const route = (path: string) => ROUTES.find((r) => r.path === path)!;
const origin = 'http://demo.localhost:3000';

describe('routeAccess (spec §2, §4, §5)', () => {
  it('allows public routes and sign-in flow pages to everyone', () => {
    for (const path of [
      '/',
      '/inloggen',
      '/stagebank',
      '/account/verwijderen',
      '/confirm',
      ...AUTH_FLOW_PATHS,
    ]) {
      expect(routeAccess(route(path), { signedIn: false, returnTo: path }), path).toEqual({ kind: 'allow' });
    }
  });

  it('sends signed-out users from other routes to /auth/login-1 with the way back', () => {
    expect(routeAccess(route('/dashboard'), { signedIn: false, returnTo: '/dashboard' })).toEqual({
      kind: 'redirect',
      to: '/auth/login-1?redirect=%2Fdashboard',
    });
    expect(
      routeAccess(route('/profile-edit/email'), { signedIn: false, returnTo: '/profile-edit/email?x=1' }),
    ).toEqual({
      kind: 'redirect',
      to: '/auth/login-1?redirect=%2Fprofile-edit%2Femail%3Fx%3D1',
    });
  });

  it('allows every route to signed-in users', () => {
    for (const r of ROUTES) expect(routeAccess(r, { signedIn: true, returnTo: r.path }).kind).toBe('allow');
  });

  it('knows which routes are open', () => {
    expect(isOpenRoute(route('/inloggen/leerling'))).toBe(true);
    expect(isOpenRoute(route('/instellingen'))).toBe(false);
    expect(loginPathFor('/')).toBe('/auth/login-1');
  });
});

describe('afterSignInPath', () => {
  it('returns to the page that asked, if it is ours', () => {
    expect(afterSignInPath('?redirect=%2Finstellingen', origin)).toBe('/instellingen');
    expect(afterSignInPath('?redirect=https%3A%2F%2Fevil.test%2F', origin)).toBe('/dashboard');
    expect(afterSignInPath('?redirect=javascript%3Aalert(1)', origin)).toBe('/dashboard');
    expect(afterSignInPath('?redirect=%2Fauth%2Flogin-1', origin)).toBe('/dashboard');
    expect(afterSignInPath('', origin)).toBe('/dashboard');
  });
});
