import { describe, expect, it } from 'vitest';
import { memoryCredentialStore } from '@stageplein/contracts/client/credentials';
import { createAuthProvider, loginUrl } from './auth-provider.ts';
import { readSelection, selectionKey } from '@stageplein/contracts/client/organization-selection';
import { createSession } from './session.ts';
import { documentOf, replay } from './fixtures/fixtures.ts';

const SCHOOL = '8e9dc5db-db8e-5988-b6e5-95b6b3bcce00';
const CENTER = '9a83beb3-5d49-5feb-9e5f-1b01e410e513';
const ADMIN_ID = (documentOf('current-user').data as { id: string }).id;

function memoryStorage(initial: Record<string, string> = {}): Storage {
  const map = new Map(Object.entries(initial));
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (k) => map.get(k) ?? null,
    key: (i) => [...map.keys()][i] ?? null,
    removeItem: (k) => void map.delete(k),
    setItem: (k, v) => void map.set(k, v),
  };
}

function setup(answers: Parameters<typeof replay>[0], options: { signedIn?: boolean; stored?: string } = {}) {
  const recorder = replay(answers);
  const credentials = memoryCredentialStore(
    options.signedIn === false ? undefined : { accessToken: 't', client: 'c', uid: 'admin@demo.test' },
  );
  const storage = memoryStorage(options.stored ? { [selectionKey('demo')]: options.stored } : {});
  const session = createSession({ http: recorder.http, credentials, storage: () => storage, tenant: 'demo' });
  const timers: (() => void)[] = [];
  const auth = createAuthProvider({
    http: recorder.http,
    session,
    credentials,
    origin: () => 'http://demo.localhost:3000',
    currentPath: () => '/users?page=2',
    setTimeout: (fn) => timers.push(fn),
  });
  return { ...recorder, credentials, storage, session, auth, timers };
}

describe('session', () => {
  it('loads the user with roles and their organizations, and preselects the School (spec §4)', async () => {
    const { session, sent } = setup(['current-user', 'current-organizations']);
    const state = await session.load();
    expect(sent.map((s) => s.url)).toEqual([
      '/api/v1/current_user?include=roles',
      '/api/v1/current_organizations',
    ]);
    expect(state.user).toMatchObject({
      id: ADMIN_ID,
      email: 'admin@demo.test',
      firstName: 'Anna',
      impersonatorId: null,
    });
    expect(state.user.roles).toHaveLength(2);
    expect(state.organizations.map((o) => [o.type, o.roles])).toEqual([
      ['School', ['admin']],
      ['VolunteerCenter', ['admin']],
    ]);
    expect(state.organization?.id).toBe(SCHOOL);
    expect(session.organizationId()).toBe(SCHOOL);
    expect(state.permissions).toMatchObject({
      isSchoolAdmin: true,
      moderatedTypes: ['NonProfit', 'Provider'],
    });
    // Loaded once.
    await session.load();
    expect(sent).toHaveLength(2);
  });

  it('keeps the portal’s stored choice, shares it back, and clears one that is no longer valid', async () => {
    const stored = JSON.stringify({ userId: ADMIN_ID, organizationId: CENTER });
    const kept = setup(['current-user', 'current-organizations'], { stored });
    expect((await kept.session.load()).permissions.isVolunteerCenterAdmin).toBe(true);

    const stale = setup(['current-user', 'current-organizations'], {
      stored: JSON.stringify({ userId: ADMIN_ID, organizationId: 'gone' }),
    });
    expect((await stale.session.load()).organization?.id).toBe(SCHOOL);
    expect(stale.storage.getItem(selectionKey('demo'))).toBeNull();

    kept.session.select(SCHOOL);
    expect(readSelection(kept.storage.getItem(selectionKey('demo')), ADMIN_ID)).toBe(SCHOOL);
    expect(kept.session.organizationId()).toBe(SCHOOL);
    const snapshot = kept.session.snapshot();
    expect(snapshot.status === 'ready' && snapshot.permissions.isSchoolAdmin).toBe(true);
    // Unknown ids are ignored.
    kept.session.select('elsewhere');
    expect(kept.session.organizationId()).toBe(SCHOOL);
  });

  it('reports a failed load and tries again on the next call', async () => {
    const { session } = setup([
      'unauthorized',
      'current-organizations',
      'current-user',
      'current-organizations',
    ]);
    await expect(session.load()).rejects.toMatchObject({ status: 401 });
    expect(session.snapshot().status).toBe('error');
    await expect(session.load()).resolves.toMatchObject({ user: { id: ADMIN_ID } });
  });
});

describe('auth provider', () => {
  it('checkAuth: signed in with all three credentials, else the portal’s login page with the way back', async () => {
    await expect(setup([]).auth.checkAuth({})).resolves.toBeUndefined();
    await expect(setup([], { signedIn: false }).auth.checkAuth({})).rejects.toEqual({
      redirectTo: 'http://demo.localhost:3000/auth/login-1?redirect=%2Fusers%3Fpage%3D2',
      message: false,
    });
    expect(loginUrl('http://x', '/')).toBe('http://x/auth/login-1');
  });

  it('checkError: 401 signs out (spec §8), 403 and others keep the user signed in', async () => {
    const { auth } = setup([]);
    await expect(auth.checkError({ status: 401 })).rejects.toEqual({
      redirectTo: 'http://demo.localhost:3000/uitloggen',
      message: false,
    });
    await expect(auth.checkError({ status: 403 })).resolves.toBeUndefined();
    await expect(auth.checkError(new Error('network'))).resolves.toBeUndefined();
  });

  it('identity and permissions for the selected organization', async () => {
    const { auth } = setup(['current-user', 'current-organizations']);
    expect(await auth.getIdentity!()).toEqual({ id: ADMIN_ID, fullName: 'Anna Admin' });
    expect(await auth.getPermissions!({})).toMatchObject({
      isAdmin: true,
      isSchoolAdmin: true,
      organization: { id: SCHOOL },
    });
  });

  it('logout: DELETE /auth/sign_out, credentials cleared at once, user and roles 500 ms later', async () => {
    const { auth, sent, credentials, session, timers } = setup([
      'current-user',
      'current-organizations',
      'user-deleted',
    ]);
    await session.load();
    expect(await auth.logout({})).toBe('http://demo.localhost:3000/uitloggen');
    expect(sent[2]).toEqual({ method: 'DELETE', url: '/auth/sign_out' });
    expect(credentials.get()).toBeUndefined();
    expect(session.snapshot().status).toBe('ready');
    timers.forEach((t) => t());
    expect(session.snapshot().status).toBe('signed-out');
  });

  it('logout tolerates a client that was no longer signed in', async () => {
    const { auth, credentials } = setup(['user-not-found']);
    expect(await auth.logout({})).toBe('http://demo.localhost:3000/uitloggen');
    expect(credentials.get()).toBeUndefined();
    // Without credentials there is nothing to end: the portal's login page, with the way back.
    expect(await auth.logout({})).toBe(
      'http://demo.localhost:3000/auth/login-1?redirect=%2Fusers%3Fpage%3D2',
    );
  });

  it('login posts the credentials (the API client stores the answer’s headers) and loads the session', async () => {
    const { auth, sent } = setup(['user', 'current-user', 'current-organizations']);
    await auth.login({ email: 'admin@demo.test', password: 'stageplein-demo' });
    expect(sent[0]).toEqual({
      method: 'POST',
      url: '/auth/sign_in',
      body: { email: 'admin@demo.test', password: 'stageplein-demo' },
    });
    expect(sent).toHaveLength(3);
  });
});
