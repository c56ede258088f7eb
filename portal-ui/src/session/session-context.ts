import { createContext, useContext } from 'react';
import type { ApiRequestError } from '@stageplein/contracts/client/api-client';
import type { TOrganizationRef } from '@stageplein/contracts/client/organizations';
import type { TPermissions } from '@stageplein/contracts/identity/permissions';
import type { TCurrentUser } from './current-user.ts';

/** Spec §4 asynchronous loading states. */
export type TLoadState = 'idle' | 'pending' | 'success' | 'error';

export interface TSession {
  /** Spec §4: SIGNED_IN when access-token, client and uid are all present. */
  signedIn: boolean;
  user: TCurrentUser | undefined;
  userState: TLoadState;
  /** Spec §8: the failed current-user fetch (its status is recorded on the error). */
  userError: ApiRequestError | undefined;
  organizations: readonly TOrganizationRef[];
  organizationsState: TLoadState;
  currentOrganization: TOrganizationRef | undefined;
  selectOrganization(id: string): void;
  /** Spec §6 for the current organization. */
  permissions: TPermissions;
  /** POST /auth/sign_in; the credentials arrive in the answer's headers and are stored. */
  signIn(email: string, password: string): Promise<TCurrentUser>;
  /** Accepts a user document of an answer that delivered credentials (passwordless, SSO, confirm). */
  acceptSignedInUser(document: unknown): TCurrentUser;
  /** DELETE /auth/sign_out, credentials cleared at once, user and roles about 500 ms later. */
  signOut(): Promise<void>;
}

export const SessionContext = createContext<TSession | undefined>(undefined);

export function useSession(): TSession {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession() needs the <SessionProvider>');
  return session;
}
