import {
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { API_PATHS, isApiRequestError, type ApiRequestError } from '@stageplein/contracts/client/api-client';
import { SIGN_OUT_CLEAR_DELAY_MS } from '@stageplein/contracts/client/credentials';
import { reconcileOrganizationSelection } from '@stageplein/contracts/client/organizations';
import { derivePermissions } from '@stageplein/contracts/identity/permissions';
import { matchRoute, NO_ORGANIZATION_PATH, SIGN_OUT_PATH } from '@stageplein/contracts/routes/route-manifest';
import { useApi } from '../api/api-context.ts';
import { isOpenRoute } from '../app/route-access.ts';
import { reportError } from '../app/error-reporting.ts';
import { useTenant } from '../tenant/tenant-context.ts';
import { userFromDocument, type TCurrentUser } from './current-user.ts';
import {
  readSelection,
  selectionKey,
  writeSelection,
} from '@stageplein/contracts/client/organization-selection';
import { SessionContext, type TLoadState, type TSession } from './session-context.ts';
import { useCurrentOrganizations } from './use-current-organizations.ts';

export const CURRENT_USER_KEY = ['current-user'] as const;

function storage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

/**
 * Signed-in state (spec §4): credentials, the current user with roles, the user's organizations
 * and the current one (preselection rule), permissions, sign-in and sign-out. Lives under the router
 * root so it can send the user to the sign-out or no-organization route.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const api = useApi();
  const tenant = useTenant();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  // The same snapshot when hydrating the gateway's page (portal-ui/src/main.tsx): a signed-in visitor's
  // parts that differ from the served ones are rendered anew.
  const credentialKey = useSyncExternalStore(
    api.credentials.subscribe,
    api.credentials.getSnapshot,
    api.credentials.getSnapshot,
  );
  const signedIn = credentialKey !== '';

  // Another tab may sign in or out: look at the cookies again when this one comes back.
  useEffect(() => {
    const onVisible = () => document.visibilityState === 'visible' && api.credentials.refresh();
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener('focus', onVisible);
    return () => {
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('focus', onVisible);
    };
  }, [api]);

  const userQuery = useQuery({
    queryKey: CURRENT_USER_KEY,
    queryFn: async ({ signal }) =>
      userFromDocument(
        await api.client.get(API_PATHS.currentUser, {
          query: { include: ['roles', 'organizations'] },
          signal,
        }),
      ),
    enabled: signedIn,
    staleTime: 60_000,
  });

  // Spec §8: 401 on the current user → the sign-out route. Spec §7: refresh after PUT/PATCH.
  useEffect(() => {
    api.onCurrentUserUnauthorized(() => void navigate(SIGN_OUT_PATH));
    api.onMutated(() => void queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY }));
  }, [api, navigate, queryClient]);

  const user = userQuery.data;
  const { organizations, state: organizationsState } = useCurrentOrganizations(userQuery);

  const key = selectionKey(tenant.id);
  // Bumped whenever the stored choice changes, so it is read again.
  const [selectionVersion, setSelectionVersion] = useState(0);
  const userId = user?.id;
  const storedId = useMemo(
    () => readSelection(storage()?.getItem(key), userId),
    [key, userId, selectionVersion],
  );

  const { selectedId, current } = reconcileOrganizationSelection(storedId, organizations, user !== undefined);
  useEffect(() => {
    // A selection no longer in the list is cleared (spec §4).
    if (storedId && user && organizationsState === 'success' && selectedId === undefined) {
      storage()?.removeItem(key);
      setSelectionVersion((v) => v + 1);
    }
  }, [storedId, selectedId, user, organizationsState, key]);

  // Every request carries the current organization (spec §7). Set during render so that requests
  // started by children's effects (which run first) already carry it.
  api.setCurrentOrganizationId(signedIn ? current?.id : undefined);

  const selectOrganization = useCallback(
    (id: string) => {
      if (!user) return;
      storage()?.setItem(key, writeSelection({ userId: user.id, organizationId: id }));
      setSelectionVersion((v) => v + 1);
    },
    [key, user],
  );

  // Spec §8: organizations that fail to load → /auth/no-organization, reported to error tracking.
  const userError = isApiRequestError(userQuery.error) ? userQuery.error : undefined;
  useEffect(() => {
    if (!signedIn || organizationsState !== 'error' || !userError || userError.status === 401) return;
    reportError(userError, { where: 'organizations' });
    const route = matchRoute(pathname)?.route;
    if (route && !isOpenRoute(route)) void navigate(NO_ORGANIZATION_PATH, { replace: true });
  }, [signedIn, organizationsState, userError, pathname, navigate]);

  const acceptSignedInUser = useCallback(
    (document: unknown) => {
      const signedInUser = userFromDocument(document);
      queryClient.setQueryData(CURRENT_USER_KEY, signedInUser);
      // The sign-in answer has the roles but not the organizations' names: fetch those at once.
      void queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY });
      return signedInUser;
    },
    [queryClient],
  );

  const signIn = useCallback(
    async (email: string, password: string) => {
      const document = await api.client.post(API_PATHS.signIn, { email, password }, { authenticate: false });
      return acceptSignedInUser(document);
    },
    [api, acceptSignedInUser],
  );

  const clearTimer = useRef<number | undefined>(undefined);
  const signOut = useCallback(async () => {
    if (api.credentials.get()) {
      try {
        await api.client.delete(API_PATHS.signOut);
      } catch (error) {
        // 404: this client was not signed in any more; the credentials go either way.
        if (!isApiRequestError(error) || error.status !== 404) reportError(error, { where: 'sign-out' });
      }
    }
    api.credentials.clear();
    window.clearTimeout(clearTimer.current);
    // Spec §4/§9: user and roles are cleared about 500 ms after the credentials.
    clearTimer.current = window.setTimeout(() => {
      void queryClient.cancelQueries({ queryKey: CURRENT_USER_KEY });
      queryClient.removeQueries({ queryKey: CURRENT_USER_KEY });
      storage()?.removeItem(key);
      setSelectionVersion((v) => v + 1);
    }, SIGN_OUT_CLEAR_DELAY_MS);
  }, [api, queryClient, key]);

  const userState: TLoadState =
    !signedIn && !user
      ? 'idle'
      : userQuery.status === 'success' || user
        ? 'success'
        : userQuery.status === 'error'
          ? 'error'
          : 'pending';

  const permissions = useMemo(
    () => derivePermissions(user?.roles ?? [], current ? { id: current.id, type: current.type } : null),
    [user, current],
  );

  const value = useMemo<TSession>(
    () => ({
      signedIn,
      user,
      userState,
      userError: userError as ApiRequestError | undefined,
      organizations,
      organizationsState,
      currentOrganization: current,
      selectOrganization,
      permissions,
      signIn,
      acceptSignedInUser,
      signOut,
    }),
    [
      signedIn,
      user,
      userState,
      userError,
      organizations,
      organizationsState,
      current,
      selectOrganization,
      permissions,
      signIn,
      acceptSignedInUser,
      signOut,
    ],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export type { TCurrentUser };
