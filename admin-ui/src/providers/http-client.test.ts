import { describe, expect, it } from 'vitest';
import { HttpError } from 'ra-core';
import { createApiClient } from '@stageplein/contracts/client/api-client';
import { memoryCredentialStore } from '@stageplein/contracts/client/credentials';
import { createHttpClient, errorMessage, fieldErrorsOf, fieldPath } from './http-client.ts';
import { fixture } from './fixtures/fixtures.ts';

function client(answer: () => Response | Promise<Response>) {
  const calls: { url: string; init: RequestInit }[] = [];
  const credentials = memoryCredentialStore({ accessToken: 't', client: 'c', uid: 'admin@demo.test' });
  const api = createApiClient({
    fetch: async (url, init) => {
      calls.push({ url, init });
      return answer();
    },
    credentials,
    tenant: () => 'demo',
    currentOrganizationId: () => 'school-1',
    language: () => 'en',
  });
  return { http: createHttpClient(api), calls, credentials };
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/vnd.api+json', ...headers },
  });

describe('createHttpClient', () => {
  it('sends the spec §7 headers and query, and hands back the document as sent (snake_case)', async () => {
    const { http, calls } = client(() => json(200, fixture('levels-list').body));
    const res = await http('/api/v1/levels', { query: { filter: { school_id_eq: 'x' } } });
    expect(calls[0]!.url).toBe('/api/v1/levels?filter[school_id_eq]=x');
    expect(calls[0]!.init.headers).toMatchObject({
      'x-tenant': 'demo',
      'x-current-organization-id': 'school-1',
      'accept-language': 'en',
      'access-token': 't',
      client: 'c',
      uid: 'admin@demo.test',
    });
    expect(
      (res.body as { data: { attributes: Record<string, unknown> }[] }).data[0]!.attributes,
    ).toHaveProperty('school_id');
  });

  it('stores credentials that arrive in response headers (sign in as user)', async () => {
    const { http, credentials } = client(() =>
      json(200, fixture('user').body, {
        'access-token': 'new',
        client: 'c2',
        uid: 'student@demo.test',
        expiry: '2000000000',
      }),
    );
    await http('/api/v1/sign_in_as_user', { method: 'POST', body: { data: { type: 'user' } } });
    expect(credentials.get()).toMatchObject({ accessToken: 'new', client: 'c2', uid: 'student@demo.test' });
  });

  it('sends form data with bracketed snake_case keys and lets fetch set the multipart type (spec §7)', async () => {
    const { http, calls } = client(() => json(201, { data: null }));
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'logo.png', { type: 'image/png' });
    await http('/api/v1/cms/uploads', {
      method: 'POST',
      formData: { upload: { file, altText: 'Logo', tags: ['a', 'b'] } },
    });
    const { init } = calls[0]!;
    expect(init.method).toBe('POST');
    expect(init.body).toBeInstanceOf(FormData);
    const form = init.body as FormData;
    expect([...form.keys()]).toEqual([
      'upload[file]',
      'upload[alt_text]',
      'upload[tags][]',
      'upload[tags][]',
    ]);
    const sent = form.get('upload[file]') as File;
    expect(sent.name).toBe('logo.png');
    expect(new Uint8Array(await sent.arrayBuffer())).toEqual(new Uint8Array([0x89, 0x50, 0x4e, 0x47]));
    expect(form.getAll('upload[tags][]')).toEqual(['a', 'b']);
    // No JSON content type: fetch writes multipart/form-data with its boundary.
    expect(Object.keys(init.headers as Record<string, string>)).not.toContain('content-type');
  });

  it('raises HttpError with the status and the field errors of a 422', async () => {
    const recorded = fixture('organization-update-invalid');
    const { http } = client(() => json(recorded.status, recorded.body));
    const error = (await http('/api/v1/organizations/x', { method: 'PUT', body: {} }).catch(
      (e: unknown) => e,
    )) as HttpError;
    expect(error).toBeInstanceOf(HttpError);
    expect(error.status).toBe(422);
    expect(error.body.errors).toEqual({ website: 'Vul een geldige URL in', postcode: 'Veld is ongeldig' });
    expect(error.message).toBe('Vul een geldige URL in');
  });

  it('raises HttpError 403 with the spec’s "Access forbidden" key', async () => {
    const recorded = fixture('users-forbidden');
    const { http } = client(() => json(recorded.status, recorded.body));
    const error = (await http('/api/v1/users').catch((e: unknown) => e)) as HttpError;
    expect(error.status).toBe(403);
    expect(error.message).toBe('errors.forbidden.title');
  });

  it('a network failure is an HttpError with status 0 and the generic text', async () => {
    const { http } = client(() => Promise.reject(new TypeError('Failed to fetch')));
    const error = (await http('/api/v1/users').catch((e: unknown) => e)) as HttpError;
    expect(error).toBeInstanceOf(HttpError);
    expect(error.status).toBe(0);
    expect(error.message).toBe('errors.generic.title');
  });
});

describe('error mapping', () => {
  it('JSON pointers → form paths', () => {
    expect(fieldPath('/data/attributes/first_name')).toEqual(['firstName']);
    expect(fieldPath('/role/resource_type')).toEqual(['resourceType']);
    expect(fieldPath('/attributes/phone_number')).toEqual(['phoneNumber']);
    expect(fieldPath('/data/attributes/settings/email_notifications')).toEqual([
      'settings',
      'emailNotifications',
    ]);
    expect(fieldPath('/data/type')).toBeUndefined();
    expect(fieldPath(undefined)).toBeUndefined();
  });

  it('nests field errors and keeps the first message per field', () => {
    expect(
      fieldErrorsOf([
        { source: { pointer: '/data/attributes/name' }, detail: 'first' },
        { source: { pointer: '/data/attributes/name' }, detail: 'second' },
        { source: { pointer: '/data/attributes/settings/email_notifications' }, title: 'bad' },
        { detail: 'no pointer' },
      ]),
    ).toEqual({ name: 'first', settings: { emailNotifications: 'bad' } });
    expect(fieldErrorsOf([{ detail: 'x' }])).toBeUndefined();
  });

  it('notification texts: spec texts for 401/403/404 and server failures, the server’s detail otherwise', () => {
    expect(errorMessage(401, [])).toBe('errors.unauthorized.title');
    expect(errorMessage(403, [{ code: 'forbidden', detail: 'x' }])).toBe('errors.forbidden.title');
    expect(errorMessage(403, [{ code: 'organization_not_approved', detail: 'Nog niet goedgekeurd' }])).toBe(
      'Nog niet goedgekeurd',
    );
    expect(errorMessage(404, [])).toBe('errors.notFound.title');
    expect(errorMessage(409, [{ title: 'Conflict' }])).toBe('Conflict');
    expect(errorMessage(500, [{ detail: 'stack trace' }])).toBe('errors.generic.title');
  });
});
