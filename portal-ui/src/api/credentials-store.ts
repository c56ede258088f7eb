import {
  authState,
  cookieCredentialStore,
  type TAuthCredentials,
  type TCredentialStore,
} from '@stageplein/contracts/client/credentials';

/** The credential store of the API client, observable so React re-renders on sign-in and sign-out. */
export interface TObservableCredentials extends TCredentialStore {
  /** A string that changes whenever the credentials do ('' when signed out). */
  getSnapshot(): string;
  subscribe(listener: () => void): () => void;
  /** Re-reads the cookies (another tab may have signed in or out). */
  refresh(): void;
}

const snapshotOf = (c: TAuthCredentials | undefined) =>
  authState(c) === 'SIGNED_IN' ? `${c!.uid}\u0000${c!.client}\u0000${c!.accessToken}` : '';

export function createBrowserCredentials(): TObservableCredentials {
  const store = cookieCredentialStore({
    read: () => document.cookie,
    write: (assignment) => {
      document.cookie = assignment;
    },
    now: () => Date.now(),
    secure: () => location.protocol === 'https:',
  });
  const listeners = new Set<() => void>();
  let snapshot = snapshotOf(store.get());
  const refresh = () => {
    const next = snapshotOf(store.get());
    if (next === snapshot) return;
    snapshot = next;
    for (const l of listeners) l();
  };
  return {
    get: () => store.get(),
    set(c) {
      store.set(c);
      refresh();
    },
    clear() {
      store.clear();
      refresh();
    },
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    refresh,
  };
}
