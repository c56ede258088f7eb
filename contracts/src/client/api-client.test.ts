import { describe, expect, it, vi } from 'vitest';
import { ApiRequestError, createApiClient, isCurrentUserUnauthorized } from './api-client.ts';
import { memoryCredentialStore } from './credentials.ts';

interface TCall {
  url: string;
  init: RequestInit;
}

function fakeFetch(
  respond: (call: TCall) => { status?: number; body?: unknown; headers?: Record<string, string> },
) {
  const calls: TCall[] = [];
  const fetch = vi.fn(async (url: string, init: RequestInit) => {
    const call = { url, init };
    calls.push(call);
    const { status = 200, body, headers = {} } = respond(call);
    return new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/vnd.api+json', ...headers },
    });
  });
  return { fetch, calls };
}

const headersOf = (call: TCall | undefined) => call?.init.headers as Record<string, string>;

describe('createApiClient (spec §7)', () => {
  it('sends tenant, current organization, language and credentials on every request', async () => {
    const { fetch, calls } = fakeFetch(() => ({ body: { data: null } }));
    const api = createApiClient({
      fetch,
      credentials: memoryCredentialStore({ accessToken: 't', client: 'c', uid: 'u' }),
      tenant: () => 'demo',
      currentOrganizationId: () => 'org-1',
      language: () => 'en',
    });
    await api.get('/api/v1/current_user', { query: { include: ['roles'] } });
    expect(calls[0]!.url).toBe('/api/v1/current_user?include=roles');
    expect(headersOf(calls[0])).toMatchObject({
      'x-tenant': 'demo',
      'x-current-organization-id': 'org-1',
      'accept-language': 'en',
      'access-token': 't',
      client: 'c',
      uid: 'u',
    });
  });

  it('leaves out the organization header when none is selected, and credentials when asked', async () => {
    const { fetch, calls } = fakeFetch(() => ({ body: {} }));
    const api = createApiClient({
      fetch,
      credentials: memoryCredentialStore({ accessToken: 't', client: 'c', uid: 'u' }),
      currentOrganizationId: () => undefined,
    });
    await api.post('/auth/password', { email: 'a@b.test' }, { authenticate: false });
    expect(headersOf(calls[0])).not.toHaveProperty('x-current-organization-id');
    expect(headersOf(calls[0])).not.toHaveProperty('access-token');
  });

  it('sends snake_case bodies and reads camelCase answers', async () => {
    const { fetch, calls } = fakeFetch(() => ({
      body: { data: { type: 'user', id: '1', attributes: { first_name: 'Sam' } } },
    }));
    const api = createApiClient({ fetch, credentials: memoryCredentialStore() });
    const answer = await api.patch<{ data: { attributes: { firstName: string } } }>('/api/v1/current_user', {
      user: { firstName: 'Sam', periodicMailFrequency: 'daily' },
    });
    expect(JSON.parse(String(calls[0]!.init.body))).toEqual({
      user: { first_name: 'Sam', periodic_mail_frequency: 'daily' },
    });
    expect(headersOf(calls[0])['content-type']).toBe('application/json');
    expect(answer.data.attributes.firstName).toBe('Sam');
  });

  it('sends files as multipart form data with bracketed keys', async () => {
    const { fetch, calls } = fakeFetch(() => ({ body: {} }));
    const api = createApiClient({ fetch, credentials: memoryCredentialStore() });
    const file = new Blob(['x']);
    await api.request('/api/v1/uploads', { method: 'POST', formData: { upload: { file, altText: 'a' } } });
    const form = calls[0]!.init.body as FormData;
    expect(form).toBeInstanceOf(FormData);
    expect(form.get('upload[alt_text]')).toBe('a');
    expect(form.get('upload[file]')).toBeInstanceOf(Blob);
    expect(headersOf(calls[0])).not.toHaveProperty('content-type');
  });

  it('stores the credentials a sign-in answer delivers in its headers', async () => {
    const store = memoryCredentialStore();
    const { fetch } = fakeFetch(() => ({
      body: { data: null },
      headers: { 'access-token': 'new', client: 'c2', uid: 'a@b.test', expiry: '99', 'token-type': 'Bearer' },
    }));
    await createApiClient({ fetch, credentials: store }).post('/auth/sign_in', { email: 'a', password: 'b' });
    expect(store.get()).toEqual({
      accessToken: 'new',
      client: 'c2',
      uid: 'a@b.test',
      expiry: 99,
      tokenType: 'Bearer',
    });
  });

  it('attaches the errors field of a failed answer to the raised error', async () => {
    const onError = vi.fn();
    const { fetch } = fakeFetch(() => ({
      status: 401,
      body: {
        errors: [
          {
            status: '401',
            code: 'invalid_credentials',
            title: 'Invalid credentials',
            detail: 'The email or password is incorrect.',
            source: { pointer: '/password' },
          },
        ],
      },
    }));
    const api = createApiClient({ fetch, credentials: memoryCredentialStore(), onError });
    const error = await api.post('/auth/sign_in', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    const e = error as ApiRequestError;
    expect(e.status).toBe(401);
    expect(e.code).toBe('invalid_credentials');
    expect(e.message).toBe('The email or password is incorrect.');
    expect(e.errors).toHaveLength(1);
    expect(e.fieldError('password')?.code).toBe('invalid_credentials');
    expect(e.wrongCenter).toBe(false);
    expect(onError).toHaveBeenCalledWith(e);
  });

  it('recognises the wrong-centre error by its message or code', async () => {
    const { fetch } = fakeFetch(() => ({
      status: 403,
      body: {
        errors: [
          { status: '403', code: 'wrong_center', title: 'x', detail: 'You signed in at the wrong center: …' },
        ],
      },
    }));
    const e = (await createApiClient({ fetch, credentials: memoryCredentialStore() })
      .post('/auth/sign_in', {})
      .catch((x: unknown) => x)) as ApiRequestError;
    expect(e.wrongCenter).toBe(true);
  });

  it('turns network failures into errors without a status', async () => {
    const api = createApiClient({
      fetch: () => Promise.reject(new TypeError('Failed to fetch')),
      credentials: memoryCredentialStore(),
    });
    const e = (await api.get('/x').catch((x: unknown) => x)) as ApiRequestError;
    expect(e.status).toBeUndefined();
    expect(e.message).toBe('Network error');
  });

  it('runs the refresh routine after successful PUT and PATCH only', async () => {
    const onMutated = vi.fn();
    const { fetch } = fakeFetch(() => ({ status: 204 }));
    const api = createApiClient({ fetch, credentials: memoryCredentialStore(), onMutated });
    await api.get('/a');
    await api.post('/a');
    await api.put('/b');
    await api.patch('/c');
    await api.delete('/d');
    expect(onMutated.mock.calls).toEqual([
      [{ method: 'PUT', path: '/b' }],
      [{ method: 'PATCH', path: '/c' }],
    ]);
  });

  it('keeps keys of raw answers', async () => {
    const { fetch } = fakeFetch(() => ({ body: { 'api.bad_request': 'x' } }));
    const api = createApiClient({ fetch, credentials: memoryCredentialStore() });
    expect(await api.get('/messages', { raw: true })).toEqual({ 'api.bad_request': 'x' });
  });
});

describe('isCurrentUserUnauthorized (spec §8)', () => {
  it('is a 401 on GET /api/v1/current_user', () => {
    const e = (status: number, path: string) => new ApiRequestError({ status, method: 'GET', path });
    expect(isCurrentUserUnauthorized(e(401, '/api/v1/current_user'))).toBe(true);
    expect(isCurrentUserUnauthorized(e(401, '/api/v1/current_user?include=roles'))).toBe(true);
    expect(isCurrentUserUnauthorized(e(403, '/api/v1/current_user'))).toBe(false);
    expect(isCurrentUserUnauthorized(e(401, '/api/v1/users'))).toBe(false);
  });
});
