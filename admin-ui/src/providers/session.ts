import { API_PATHS } from '@stageplein/contracts/client/api-client';
import { authState, type TCredentialStore } from '@stageplein/contracts/client/credentials';
import {
  readSelection,
  selectionKey,
  writeSelection,
} from '@stageplein/contracts/client/organization-selection';
import {
  readCollectionDocument,
  readResourceDocument,
  type TRawDocument,
} from '@stageplein/contracts/client/jsonapi-document';
import { reconcileOrganizationSelection } from '@stageplein/contracts/client/organizations';
import type { TRoleRef } from '@stageplein/contracts/identity/roles';
import { adminPermissions, type TAdminPermissions, type TSessionOrganization } from './access.ts';
import type { THttpClient } from './http-client.ts';

/** The signed-in user as GET /api/v1/current_user?include=roles tells it (spec §7). */
export interface TAdminUser {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  roles: TRoleRef[];
  /** Set when an admin signed in as this user. */
  impersonatorId: string | null;
}

export interface TSessionState {
  user: TAdminUser;
  /** GET /api/v1/current_organizations, in the server's (preselection) order. */
  organizations: TSessionOrganization[];
  /** The selected organization: the stored choice, else the preselection (spec §4). */
  organization: TSessionOrganization | undefined;
  permissions: TAdminPermissions;
}

export type TSessionSnapshot =
  | { status: 'signed-out' }
  | { status: 'loading' }
  | { status: 'error'; error: unknown }
  | ({ status: 'ready' } & TSessionState);

export interface TSession {
  signedIn(): boolean;
  /** Loads user and organizations once (again after `reset`); resolves with the ready state. */
  load(): Promise<TSessionState>;
  snapshot(): TSessionSnapshot;
  subscribe(listener: () => void): () => void;
  /** The organization id for the current-organization header (spec §7), when one is selected. */
  organizationId(): string | undefined;
  /** Selects an organization (spec §4: remembered, shared with the portal). */
  select(organizationId: string): void;
  /**
   * Spec §7 "after any PUT or PATCH a follow-up refresh routine runs": user, roles and organizations
   * are read again in the background (a role given to oneself counts at once); the screen stays.
   */
  refresh(): Promise<void>;
  /** Forgets user and organizations (sign-out). */
  reset(): void;
}

export function userFromDocument(document: unknown): TAdminUser {
  const { data, meta } = readResourceDocument(document as TRawDocument);
  if (!data) throw new Error('The current-user answer has no user');
  const roles = (Array.isArray(data.roles) ? (data.roles as Record<string, unknown>[]) : [])
    .filter((r) => typeof r.name === 'string' && r.resourceId !== undefined)
    .map((r) => ({
      name: String(r.name),
      resourceType: String(r.resourceType ?? ''),
      resourceId: String(r.resourceId),
    }));
  return {
    id: data.id,
    email: String(data.email ?? ''),
    firstName: typeof data.firstName === 'string' ? data.firstName : null,
    lastName: typeof data.lastName === 'string' ? data.lastName : null,
    roles,
    impersonatorId: typeof meta?.impersonatorId === 'string' ? meta.impersonatorId : null,
  };
}

export function organizationsFromDocument(document: unknown): TSessionOrganization[] {
  return readCollectionDocument(document as TRawDocument).data.map((o) => ({
    id: o.id,
    type: o.type,
    status: String(o.status ?? ''),
    name: String(o.name ?? ''),
    roles: Array.isArray(o.meta?.roles) ? (o.meta.roles as unknown[]).map(String) : [],
  }));
}

export function displayName(user: Pick<TAdminUser, 'firstName' | 'lastName' | 'email'>): string {
  return [user.firstName, user.lastName].filter(Boolean).join(' ').trim() || user.email;
}

/**
 * The signed-in state the admin shares with the portal: credentials in cookies (a person signed in
 * on the portal is signed in here), the user with roles, their organizations and the selected one
 * (localStorage, the portal's key), and the spec §6 permissions there.
 */
export function createSession(options: {
  http: THttpClient;
  credentials: TCredentialStore;
  storage: () => Storage | undefined;
  tenant: string;
}): TSession {
  const key = selectionKey(options.tenant);
  const listeners = new Set<() => void>();
  let snapshot: TSessionSnapshot = { status: 'loading' };
  let loading: Promise<TSessionState> | undefined;
  // Bumped by reset, so an answer that arrives after a sign-out is ignored.
  let generation = 0;

  const emit = (next: TSessionSnapshot) => {
    snapshot = next;
    for (const listener of listeners) listener();
  };

  function resolveState(user: TAdminUser, organizations: TSessionOrganization[]): TSessionState {
    const stored = readSelection(options.storage()?.getItem(key), user.id);
    const { selectedId, current } = reconcileOrganizationSelection(stored, organizations, true);
    // Spec §4: a selection no longer in the list is cleared.
    if (stored && !selectedId) options.storage()?.removeItem(key);
    return { user, organizations, organization: current, permissions: adminPermissions(user, current) };
  }

  const signedIn = () => authState(options.credentials.get()) === 'SIGNED_IN';

  async function fetchState(): Promise<TSessionState> {
    const [userAnswer, organizationsAnswer] = await Promise.all([
      options.http(API_PATHS.currentUser, { query: { include: 'roles' } }),
      options.http(API_PATHS.currentOrganizations),
    ]);
    return resolveState(
      userFromDocument(userAnswer.body),
      organizationsFromDocument(organizationsAnswer.body),
    );
  }

  return {
    signedIn,
    load() {
      if (loading) return loading;
      if (!signedIn()) {
        emit({ status: 'signed-out' });
        return Promise.reject(Object.assign(new Error('Not signed in'), { status: 401 }));
      }
      const mine = generation;
      emit({ status: 'loading' });
      loading = fetchState();
      loading.then(
        (state) => mine === generation && emit({ status: 'ready', ...state }),
        (error: unknown) => {
          if (mine !== generation) return;
          loading = undefined;
          emit({ status: 'error', error });
        },
      );
      return loading;
    },
    snapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    organizationId: () => (snapshot.status === 'ready' ? snapshot.organization?.id : undefined),
    select(organizationId) {
      if (snapshot.status !== 'ready') return;
      const organization = snapshot.organizations.find((o) => o.id === organizationId);
      if (!organization) return;
      options.storage()?.setItem(key, writeSelection({ userId: snapshot.user.id, organizationId }));
      const state = { ...snapshot, organization, permissions: adminPermissions(snapshot.user, organization) };
      loading = Promise.resolve(state);
      emit(state);
    },
    async refresh() {
      if (snapshot.status !== 'ready' || !signedIn()) return;
      const mine = generation;
      try {
        const state = await fetchState();
        if (mine !== generation) return;
        loading = Promise.resolve(state);
        emit({ status: 'ready', ...state });
      } catch {
        // The next screen's own call reports what is wrong (a 401 signs out).
      }
    },
    reset() {
      generation += 1;
      loading = undefined;
      options.storage()?.removeItem(key);
      emit({ status: 'signed-out' });
    },
  };
}
