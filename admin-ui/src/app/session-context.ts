import { createContext, useContext, useSyncExternalStore } from 'react';
import { canAccess, type TAdminAction, type TAdminPermissions } from '../providers/access.ts';
import type { TSession, TSessionSnapshot } from '../providers/session.ts';

export const SessionContext = createContext<TSession | undefined>(undefined);

export function useSession(): TSession {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession() needs a <SessionContext.Provider>');
  return session;
}

/** The session as it is now; re-renders on load, organization switch and sign-out. */
export function useSessionSnapshot(): TSessionSnapshot {
  const session = useSession();
  return useSyncExternalStore(session.subscribe, session.snapshot);
}

/** Spec §6 for the selected organization, once the session is loaded. */
export function useAdminPermissions(): TAdminPermissions | undefined {
  const snapshot = useSessionSnapshot();
  return snapshot.status === 'ready' ? snapshot.permissions : undefined;
}

/** Whether the back office offers an action here (the mirror of the server's policy). */
export function useCan(
  resource: string,
  action: TAdminAction,
  record?: Record<string, unknown>,
  extra?: { role?: string },
): boolean {
  return canAccess(useAdminPermissions(), resource, action, record, extra);
}
