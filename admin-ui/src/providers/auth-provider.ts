import type { AuthProvider } from 'ra-core';
import { API_PATHS } from '@stageplein/contracts/client/api-client';
import { SIGN_OUT_CLEAR_DELAY_MS, type TCredentialStore } from '@stageplein/contracts/client/credentials';
import { LOGIN_PATH, SIGN_OUT_PATH } from '@stageplein/contracts/routes/route-manifest';
import type { TAdminPermissions } from './access.ts';
import { statusOf, type THttpClient } from './http-client.ts';
import { displayName, type TSession } from './session.ts';

/** The portal's login page with the way back (portal-ui/src/app/route-access.ts: `?redirect=`). */
export function loginUrl(origin: string, returnTo: string): string {
  const back = returnTo && returnTo !== '/' ? `?redirect=${encodeURIComponent(returnTo)}` : '';
  return `${origin}${LOGIN_PATH}${back}`;
}

export interface TAuthProviderOptions {
  http: THttpClient;
  session: TSession;
  credentials: TCredentialStore;
  /** `location.origin`: the portal's pages are full page loads (absolute URLs make react-admin leave the app). */
  origin: () => string;
  /** Path + query of the page, to come back to after signing in. */
  currentPath: () => string;
  setTimeout?: (fn: () => void, ms: number) => unknown;
}

/**
 * react-admin auth provider over the devise_token_auth credentials (DESIGN §7; no package exists).
 * Signing in happens on the portal's login page: the credential cookies are shared on the origin.
 * Permissions are spec §6 for the selected organization (contracts/identity/permissions).
 */
export function createAuthProvider(options: TAuthProviderOptions): AuthProvider {
  const { http, session, credentials } = options;
  const later = options.setTimeout ?? ((fn: () => void, ms: number) => setTimeout(fn, ms));

  return {
    /** Only used programmatically; people sign in on the portal. */
    async login(params: { email: string; password: string }) {
      await http(API_PATHS.signIn, {
        method: 'POST',
        body: { email: params.email, password: params.password },
      });
      session.reset();
      await session.load();
    },

    /**
     * `DELETE /auth/sign_out` (this client only), credentials cleared at once, user and roles about
     * 500 ms later (spec §4/§9); then the portal's sign-out page. Without credentials nothing is
     * called and the way leads to the portal's login page (react-admin's own `/login` does not exist).
     */
    async logout() {
      if (credentials.get()) {
        try {
          await http(API_PATHS.signOut, { method: 'DELETE' });
        } catch {
          // 404/401: this client was no longer signed in; the credentials go either way.
        }
        credentials.clear();
        later(() => session.reset(), SIGN_OUT_CLEAR_DELAY_MS);
        return `${options.origin()}${SIGN_OUT_PATH}`;
      }
      later(() => session.reset(), SIGN_OUT_CLEAR_DELAY_MS);
      return loginUrl(options.origin(), options.currentPath());
    },

    /** Spec §4: signed in when access-token, client and uid are all present. */
    async checkAuth() {
      if (session.signedIn()) return;
      throw { redirectTo: loginUrl(options.origin(), options.currentPath()), message: false };
    },

    /**
     * Spec §8: a 401 means the credentials no longer count: sign out (the sign-out route). A 403 is
     * shown where it happened ("Access forbidden") and signs nobody out.
     */
    async checkError(error: unknown) {
      if (statusOf(error) === 401) {
        throw { redirectTo: `${options.origin()}${SIGN_OUT_PATH}`, message: false };
      }
    },

    async getIdentity() {
      const { user } = await session.load();
      return { id: user.id, fullName: displayName(user) };
    },

    async getPermissions(): Promise<TAdminPermissions> {
      return (await session.load()).permissions;
    },
  };
}
