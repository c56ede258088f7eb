import { describe, expect, it } from 'vitest';
import { HttpError } from 'ra-core';
import { ZUploadDocument } from '@stageplein/contracts/content/media';
import { API_RESOURCES } from './api-resources.ts';
import { changedAttributes, jsonApiDataProvider } from './jsonapi-data-provider.ts';
import { documentOf, fixture, replay } from './fixtures/fixtures.ts';

/**
 * Every data-provider method against documents recorded from the real identity and organizations
 * APIs (admin-ui/scripts/record-jsonapi-fixtures.ts). Where a fixture holds the request the API
 * accepted, the provider must send exactly that request.
 */
const provider = (answers: Parameters<typeof replay>[0]) => {
  const recorder = replay(answers);
  return { ...recorder, dp: jsonApiDataProvider({ http: recorder.http, resources: API_RESOURCES }) };
};

const SCHOOL = '8e9dc5db-db8e-5988-b6e5-95b6b3bcce00';
const data = <T = Record<string, unknown>>(name: string) => documentOf(name).data as T;

async function rejection(promise: Promise<unknown>): Promise<HttpError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(HttpError);
    return error as HttpError;
  }
  throw new Error('expected a rejection');
}

describe('getList', () => {
  it('sends Ransack filters, sort, page and include, and flattens the compound document', async () => {
    const { dp, sent } = provider(['users-list']);
    const result = await dp.getList('users', {
      pagination: { page: 1, perPage: 2 },
      sort: { field: 'lastName', order: 'ASC' },
      filter: {
        organizationIdEq: SCHOOL,
        withRole: 'admin',
        q: 'an',
        status: ['active', 'invited'],
        empty: '',
      },
    });
    expect(sent).toEqual([
      {
        method: 'GET',
        url:
          `/api/v1/users?page[number]=1&page[size]=2&include=roles,organizations&sort=last_name` +
          `&filter[organization_id_eq]=${SCHOOL}&filter[with_role]=admin&filter[search]=an&filter[status_in]=active,invited`,
      },
    ]);
    expect(result.total).toBe(3);
    const anna = result.data[0]!;
    expect(anna).toMatchObject({
      id: data<{ id: string }[]>('users-list')[0]!.id,
      type: 'user',
      firstName: 'Anna',
      lastName: 'Admin',
      settings: { emailNotifications: true },
      roleNames: ['admin'],
    });
    // Relationships resolved from `included`, the identifiers kept under `relationships`.
    expect(anna.roles).toEqual([
      expect.objectContaining({ type: 'role', name: 'admin', resourceType: 'VolunteerCenter' }),
      expect.objectContaining({ type: 'role', name: 'admin', resourceType: 'School', resourceId: SCHOOL }),
    ]);
    expect(anna.organizations).toContainEqual({
      id: SCHOOL,
      type: 'organization',
      organizationType: 'School',
    });
    expect(anna.relationships.roles.data).toHaveLength(2);
    // Top-level links (pagination) and meta travel along.
    expect(result.meta).toMatchObject({
      total: 3,
      links: { next: expect.stringContaining('page%5Bnumber%5D=2') },
    });
  });

  it('asks the spec’s admin page size at most and leaves out sorts the API does not know', async () => {
    const { dp, sent } = provider(['users-list']);
    await dp.getList('users', {
      pagination: { page: 2, perPage: 5000 },
      sort: { field: 'roleNames', order: 'DESC' },
      filter: {},
    });
    expect(sent[0]!.url).toBe('/api/v1/users?page[number]=2&page[size]=1000&include=roles,organizations');
  });

  it('sorts descending with a minus and lets meta.include replace the default include', async () => {
    const { dp, sent } = provider(['organizations-pending']);
    const result = await dp.getList('organizations', {
      pagination: { page: 1, perPage: 25 },
      sort: { field: 'name', order: 'DESC' },
      filter: { statusEq: 'pending' },
      meta: { include: ['profile', 'signup'] },
    });
    expect(sent[0]!.url).toBe(
      '/api/v1/organizations?page[number]=1&page[size]=25&include=profile,signup&sort=-name&filter[status_eq]=pending',
    );
    const pending = result.data[0]!;
    // The organization type is the JSON:API type (spec §3); the profile's fields are on the record.
    expect(pending).toMatchObject({
      type: 'Provider',
      organizationType: 'Provider',
      status: 'pending',
      address: 'Hoefweg 1',
      postcode: '3511 AA',
      signup: { adminEmail: 'hoef@demo.test', adminFirstName: 'Henk' },
    });
  });

  it('pages, sorts and filters collections the API answers whole, sending only the filters it declares', async () => {
    const { dp, sent } = provider(['groups-list', 'groups-list']);
    const level = data<{ attributes: { level_id: string } }[]>('groups-list')[1]!.attributes.level_id;
    const page = await dp.getList('groups', {
      pagination: { page: 1, perPage: 2 },
      sort: { field: 'name', order: 'DESC' },
      filter: { levelId: level, q: '3' },
    });
    expect(sent[0]!.url).toBe(`/api/v1/groups?filter[level_id_eq]=${level}`);
    expect(page.total).toBe(3);
    expect(page.data.map((g) => g.name)).toEqual(['4V', '3B']);

    const second = await dp.getList('groups', {
      pagination: { page: 2, perPage: 2 },
      sort: { field: 'name', order: 'ASC' },
      filter: {},
    });
    expect(second.data.map((g) => g.name)).toEqual(['4V']);
    expect(second.total).toBe(3);
  });

  it('applies unsupported filters in memory (periods: the API only knows school, year, status and all_years)', async () => {
    const { dp, sent } = provider(['internship-periods-list']);
    const result = await dp.getList('internship_periods', {
      pagination: { page: 1, perPage: 25 },
      sort: { field: 'startDate', order: 'DESC' },
      filter: { allYears: true, statusEq: 'active', nameCont: 'periode 1', startDateGteq: '2027-01-01' },
    });
    expect(sent[0]!.url).toBe('/api/v1/internship_periods?filter[all_years]=true&filter[status_eq]=active');
    expect(result.data.map((p) => p.name)).toEqual(['Stageperiode 1 2027-2028']);
  });
});

describe('getOne', () => {
  it('reads one user with include=roles,organizations (spec §7)', async () => {
    const { dp, sent } = provider(['user']);
    const id = data<{ id: string }>('user').id;
    const { data: user } = await dp.getOne('users', { id });
    expect(sent[0]!.url).toBe(`/api/v1/users/${id}?include=roles,organizations`);
    expect(user).toMatchObject({ id, email: 'admin@demo.test', roleNames: ['admin'] });
  });

  it('reads an organization with its profile (include=profile)', async () => {
    const { dp, sent } = provider(['organization']);
    const id = data<{ id: string }>('organization').id;
    const { data: organization } = await dp.getOne('organizations', { id });
    expect(sent[0]!.url).toBe(`/api/v1/organizations/${id}?include=profile`);
    expect(organization).toMatchObject({
      id,
      name: 'Zorgcentrum De Linde Utrecht',
      organizationType: 'Provider',
      description: expect.stringContaining('Woonzorgcentrum'),
      contactName: 'Femke de Vries',
      latitude: expect.any(Number),
      profile: expect.objectContaining({ type: 'profile', logoUrl: null }),
      parent: null,
    });
  });

  it('keeps the links and meta of resources and relationships', async () => {
    const doc = documentOf('organization') as { data: Record<string, unknown> };
    doc.data.links = { self: '/api/v1/organizations/x' };
    doc.data.meta = { roles: ['admin'] };
    (doc.data.relationships as Record<string, Record<string, unknown>>).profile = {
      data: { type: 'profile', id: (doc.data as { id: string }).id },
      links: { related: '/api/v1/organizations/x/profile' },
      meta: { last_changed_by: 'moderator' },
    };
    const { dp } = provider([{ status: 200, body: doc }]);
    const { data: organization } = await dp.getOne('organizations', { id: 'x' });
    expect(organization.links).toEqual({ self: '/api/v1/organizations/x' });
    expect(organization.meta).toEqual({ roles: ['admin'] });
    expect(organization.relationships.profile).toEqual({
      data: { type: 'profile', id: doc.data.id },
      links: { related: '/api/v1/organizations/x/profile' },
      meta: { lastChangedBy: 'moderator' },
    });
  });

  it('turns a 404 into an HttpError with that status', async () => {
    const { dp } = provider(['user-not-found']);
    const error = await rejection(dp.getOne('users', { id: '00000000-0000-4000-8000-000000000000' }));
    expect(error.status).toBe(404);
    expect(error.message).toBe('errors.notFound.title');
  });
});

describe('getMany and getManyReference', () => {
  it('users: filter[id_in] in one call; ids the caller may not see are simply not in the answer', async () => {
    const { dp, sent } = provider(['users-list']);
    const ids = data<{ id: string }[]>('users-list').map((u) => u.id);
    const result = await dp.getMany('users', { ids: [...ids, ids[0]!] });
    expect(sent).toHaveLength(1);
    const url = new URL(sent[0]!.url, 'http://x');
    expect(url.pathname).toBe('/api/v1/users');
    expect(url.searchParams.get('filter[id_in]')).toBe(ids.join(','));
    expect(url.searchParams.get('page[size]')).toBe(String(ids.length));
    expect(result.data.map((u) => u.id)).toEqual(ids);
  });

  it('without filter[id_in] (getMany: each): one call per id; ids the caller may not see are left out', async () => {
    const recorder = replay(['user', 'user-not-found']);
    const dp = jsonApiDataProvider({
      http: recorder.http,
      resources: { ...API_RESOURCES, users: { ...API_RESOURCES.users!, getMany: 'each' } },
    });
    const id = data<{ id: string }>('user').id;
    const result = await dp.getMany('users', { ids: [id, 'gone', id] });
    expect(recorder.sent.map((s) => s.url)).toEqual([
      `/api/v1/users/${id}?include=roles,organizations`,
      '/api/v1/users/gone?include=roles,organizations',
    ]);
    expect(result.data.map((u) => u.id)).toEqual([id]);
  });

  it('organizations: filter[id_in] in one call', async () => {
    const { dp, sent } = provider(['organizations-list']);
    const ids = data<{ id: string }[]>('organizations-list').map((o) => o.id);
    const result = await dp.getMany('organizations', { ids });
    expect(sent[0]!.url).toBe(
      `/api/v1/organizations?page[number]=1&page[size]=2&include=vacancies&filter[id_in]=${ids.join(',')}`,
    );
    expect(result.data.map((o) => o.id)).toEqual(ids);
    expect(result.data[0]!.vacancies).toEqual([]);
  });

  it('whole collections: picked from one list call', async () => {
    const { dp, sent } = provider(['levels-list']);
    const levels = data<{ id: string; attributes: { name: string } }[]>('levels-list');
    const result = await dp.getMany('levels', { ids: [levels[3]!.id, levels[0]!.id] });
    expect(sent[0]!.url).toBe('/api/v1/levels');
    expect(result.data.map((l) => l.name).sort()).toEqual(
      [levels[0]!.attributes.name, levels[3]!.attributes.name].sort(),
    );
  });

  it('an empty id list needs no call', async () => {
    const { dp, sent } = provider([]);
    expect(await dp.getMany('users', { ids: [] })).toEqual({ data: [] });
    expect(sent).toEqual([]);
  });

  it('getManyReference filters on the target (a student’s mentorships)', async () => {
    const { dp, sent } = provider(['mentorships-list']);
    const student =
      data<{ attributes: { student_id: string } }[]>('mentorships-list')[0]!.attributes.student_id;
    const result = await dp.getManyReference('mentorships', {
      target: 'studentId',
      id: student,
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'createdAt', order: 'ASC' },
      filter: {},
    });
    expect(sent[0]!.url).toBe(`/api/v1/mentorships?filter[student_id_eq]=${student}`);
    expect(result.data[0]).toMatchObject({ studentId: student, mentor: { type: 'user' } });
  });
});

describe('create', () => {
  it('invites a user with the body the API accepted (snake_case, data{type, attributes})', async () => {
    const { dp, sent } = provider(['user-created']);
    const { data: user } = await dp.create('users', {
      data: {
        email: 'nieuw@demo.test',
        firstName: 'Nina',
        lastName: 'Nieuw',
        role: 'student',
        phoneNumber: '',
      },
    });
    expect(sent[0]).toEqual({
      method: 'POST',
      url: '/api/v1/users',
      body: fixture('user-created').request.body,
    });
    expect(user).toMatchObject({ status: 'invited', roleNames: ['student'] });
  });

  it('creates an internship period and a mentorship exactly as recorded', async () => {
    const { dp, sent } = provider(['internship-period-created', 'mentorship-created']);
    const period = fixture('internship-period-created').request.body as {
      data: { attributes: Record<string, string> };
    };
    await dp.create('internship_periods', {
      data: {
        name: 'Snuffelstage',
        startDate: period.data.attributes.start_date,
        endDate: period.data.attributes.end_date,
      },
    });
    const mentorship = fixture('mentorship-created').request.body as {
      data: { attributes: Record<string, string> };
    };
    const { data: created } = await dp.create('mentorships', {
      data: {
        mentorId: mentorship.data.attributes.mentor_id,
        studentId: mentorship.data.attributes.student_id,
      },
    });
    expect(sent.map((s) => s.body)).toEqual([period, mentorship]);
    expect(created.schoolId).toBe(SCHOOL);
  });

  it('puts validation errors on the form fields (422 with source pointers)', async () => {
    const { dp } = provider(['user-invalid']);
    const error = await rejection(dp.create('users', { data: { email: 'geen-adres', firstName: 'Nina' } }));
    expect(error.status).toBe(422);
    expect(error.body.errors).toEqual({ email: 'Vul een geldig e-mailadres in' });
    expect(error.body.apiErrors[0]).toMatchObject({ code: 'validation_failed' });
  });

  it('a 409 about a field is a field error too (e-mail in use)', async () => {
    const { dp } = provider(['user-email-taken']);
    const error = await rejection(dp.create('users', { data: { email: 'student@demo.test' } }));
    expect(error.status).toBe(409);
    expect(error.body.errors).toEqual({ email: 'Er bestaat al een account met dit e-mailadres.' });
    expect(error.message).toBe('Er bestaat al een account met dit e-mailadres.');
  });
});

describe('update and updateMany', () => {
  it('sends only what changed, as spec §7 `attributes` for users', async () => {
    const { dp, sent } = provider(['user-created', 'user-updated']);
    const { data: before } = await dp.create('users', {
      data: { email: 'nieuw@demo.test', firstName: 'Nina', lastName: 'Nieuw', role: 'student' },
    });
    const { data: after } = await dp.update('users', {
      id: before.id,
      data: { ...before, firstName: 'Nienke', phoneNumber: '06-12345678' },
      previousData: before,
    });
    expect(sent[1]).toEqual({
      method: 'PATCH',
      url: `/api/v1/users/${before.id}`,
      body: fixture('user-updated').request.body,
    });
    expect(after).toMatchObject({ firstName: 'Nienke', phoneNumber: '06-12345678' });
  });

  it('PUTs organizations with their own type and the changed profile fields', async () => {
    const { dp, sent } = provider(['organizations-pending', 'organization-updated']);
    const { data: list } = await dp.getList('organizations', {
      pagination: { page: 1, perPage: 25 },
      sort: { field: 'name', order: 'ASC' },
      filter: { statusEq: 'pending' },
      meta: { include: ['profile', 'signup'] },
    });
    const before = list[0]!;
    await dp.update('organizations', {
      id: before.id,
      data: { ...before, description: 'Dieren verzorgen met kinderen.', website: 'https://dehoef.nl' },
      previousData: before,
    });
    expect(sent[1]).toEqual({
      method: 'PUT',
      url: `/api/v1/organizations/${before.id}`,
      body: fixture('organization-updated').request.body,
    });
  });

  it('puts several field errors on their fields', async () => {
    const { dp } = provider(['organization-update-invalid']);
    const error = await rejection(
      dp.update('organizations', {
        id: 'x',
        data: { website: 'geen url', postcode: '12' },
        previousData: { id: 'x', type: 'Provider' },
      }),
    );
    expect(error.body.errors).toEqual({ website: 'Vul een geldige URL in', postcode: 'Veld is ongeldig' });
  });

  it('archives a period (status archived) and several at once', async () => {
    const { dp, sent } = provider([
      'internship-period-created',
      'internship-period-archived',
      'internship-period-archived',
      'internship-period-archived',
    ]);
    const { data: period } = await dp.create('internship_periods', {
      data: { name: 'Snuffelstage', startDate: '2026-08-01', endDate: '2026-08-28' },
    });
    const { data: archived } = await dp.update('internship_periods', {
      id: period.id,
      data: { ...period, status: 'archived' },
      previousData: period,
    });
    expect(sent[1]).toEqual({
      method: 'PATCH',
      url: `/api/v1/internship_periods/${period.id}`,
      body: fixture('internship-period-archived').request.body,
    });
    expect(archived.status).toBe('archived');
    const many = await dp.updateMany('internship_periods', {
      ids: [period.id, period.id],
      data: { status: 'archived' },
    });
    expect(many.data).toEqual([period.id, period.id]);
    expect(sent.slice(2).map((s) => s.body)).toEqual([
      { data: { type: 'internship_period', id: period.id, attributes: { status: 'archived' } } },
      { data: { type: 'internship_period', id: period.id, attributes: { status: 'archived' } } },
    ]);
  });

  it('a forbidden update is an HttpError 403 with the spec’s text and no field errors', async () => {
    const { dp } = provider(['users-forbidden']);
    const error = await rejection(
      dp.update('users', { id: 'x', data: { firstName: 'X' }, previousData: { id: 'x' } }),
    );
    expect(error.status).toBe(403);
    expect(error.message).toBe('errors.forbidden.title');
    expect(error.body.errors).toBeUndefined();
  });
});

describe('delete and deleteMany', () => {
  it('deletes and answers the previous record', async () => {
    const { dp, sent } = provider(['user-deleted', 'mentorship-deleted', 'mentorship-deleted']);
    const { data } = await dp.delete('users', { id: 'u1', previousData: { id: 'u1', email: 'x' } });
    expect(data).toEqual({ id: 'u1', email: 'x' });
    const many = await dp.deleteMany('mentorships', { ids: ['m1', 'm2'] });
    expect(many.data).toEqual(['m1', 'm2']);
    expect(sent).toEqual([
      { method: 'DELETE', url: '/api/v1/users/u1' },
      { method: 'DELETE', url: '/api/v1/mentorships/m1' },
      { method: 'DELETE', url: '/api/v1/mentorships/m2' },
    ]);
  });

  it('a 401 keeps its status (the auth provider signs out)', async () => {
    const { dp } = provider(['unauthorized']);
    const error = await rejection(dp.delete('users', { id: 'u1' }));
    expect(error.status).toBe(401);
    expect(error.message).toBe('errors.unauthorized.title');
  });
});

describe('back-office calls', () => {
  it('add and remove a role with the role data of spec §7', async () => {
    const { dp, sent } = provider(['user-add-role', 'user-remove-role']);
    const id = data<{ id: string }>('user-add-role').id;
    const added = await dp.addRole(id, 'mentor');
    expect(added.data.roleNames).toEqual(['mentor', 'student']);
    const removed = await dp.removeRole(id, 'mentor');
    expect(removed.data.roleNames).toEqual(['student']);
    expect(sent).toEqual([
      { method: 'PUT', url: `/api/v1/users/${id}/add_role`, body: fixture('user-add-role').request.body },
      {
        method: 'DELETE',
        url: `/api/v1/users/${id}/remove_role`,
        body: fixture('user-remove-role').request.body,
      },
    ]);
  });

  it('resends the confirmation and reads the server’s message', async () => {
    const { dp, sent } = provider(['user-resend-confirmation']);
    expect(await dp.resendConfirmation('u1')).toEqual({
      message: 'De bevestigingsmail is opnieuw verstuurd.',
    });
    expect(sent[0]).toEqual({ method: 'POST', url: '/api/v1/users/u1/resend_confirmation_instructions' });
  });

  it('signs in as a user with data{type, attributes}', async () => {
    const { dp, sent } = provider(['user']);
    await dp.signInAsUser('u2');
    expect(sent[0]).toEqual({
      method: 'POST',
      url: '/api/v1/sign_in_as_user',
      body: { data: { type: 'user', attributes: { user_id: 'u2' } } },
    });
  });

  it('approves an organization with data{type, id, attributes{status}}; a refused transition names the field', async () => {
    const { dp, sent } = provider(['organization-approved', 'organization-invalid-transition']);
    const request = fixture('organization-approved').request.body as { data: { id: string } };
    const { data: approved } = await dp.setOrganizationStatus(
      { id: request.data.id, type: 'Provider' },
      'approved',
    );
    expect(sent[0]).toEqual({
      method: 'PUT',
      url: `/api/v1/organizations/${request.data.id}/approve`,
      body: request,
    });
    expect(approved).toMatchObject({ status: 'approved', address: 'Hoefweg 1' });
    const error = await rejection(
      dp.setOrganizationStatus({ id: request.data.id, type: 'Provider' }, 'pending'),
    );
    expect(error.status).toBe(422);
    expect(error.body.errors).toEqual({ status: expect.stringContaining('goedgekeurd') });
  });

  it('assigns a student to a group', async () => {
    const { dp, sent } = provider(['assign-group']);
    const request = fixture('assign-group').request;
    const student = request.url.split('/')[4]!;
    const { data: membership } = await dp.assignGroup(
      student,
      (request.body as { data: { attributes: { group_id: string } } }).data.attributes.group_id,
    );
    expect(sent[0]).toEqual({ method: 'PUT', url: request.url, body: request.body });
    expect(membership).toMatchObject({ type: 'group_membership', studentId: student });
  });

  it('reads whom a vacancy may name as its contact person', async () => {
    const person = {
      type: 'user',
      id: 'u1',
      attributes: {
        first_name: 'Carla',
        last_name: 'Contact',
        email: 'carla@org.test',
        roles: [{ name: 'admin', resource_id: 'org-1' }],
      },
    };
    const { dp, sent } = provider([{ status: 200, body: { data: [person], meta: { total: 1 } } }]);
    const { data: people } = await dp.vacancyPeople('v1');
    expect(sent[0]).toEqual({ method: 'GET', url: '/api/v1/vacancies/v1/people' });
    expect(people).toEqual([
      expect.objectContaining({
        id: 'u1',
        firstName: 'Carla',
        roles: [{ name: 'admin', resourceId: 'org-1' }],
      }),
    ]);
  });

  it('complains about resources it has no mapping for', async () => {
    const { dp } = provider([]);
    await expect(dp.getList('phases', {})).rejects.toThrow(/No JSON:API mapping/);
  });
});

describe('changedAttributes', () => {
  const previous = {
    id: '1',
    type: 'user',
    firstName: 'A',
    phoneNumber: null,
    roles: [{ id: 'r' }],
    relationships: { roles: {} },
  };

  it('keeps changed top-level values only, never ids, types or relationships; empty text clears', () => {
    expect(changedAttributes({ ...previous, firstName: 'B', roles: [] }, previous)).toEqual({
      firstName: 'B',
    });
    expect(changedAttributes({ ...previous, firstName: '' }, previous)).toEqual({ firstName: null });
  });

  it('for a create: whatever was filled in', () => {
    expect(
      changedAttributes({ name: 'x', description: '', parentId: null, extra: undefined }, undefined),
    ).toEqual({ name: 'x' });
  });
});

describe('organizations', () => {
  it('create sends the organization type the form chose; update never sends derived fields', async () => {
    const { dp, sent } = provider([
      { status: 201, body: documentOf('organization') },
      { status: 200, body: documentOf('organization') },
    ]);
    const { data: created } = await dp.create('organizations', {
      data: { organizationType: 'Provider', name: 'Bakkerij', postcode: '3511 BB', description: '' },
    });
    expect(sent[0]!.body).toEqual({
      data: {
        type: 'organization',
        attributes: { organization_type: 'Provider', name: 'Bakkerij', postcode: '3511 BB' },
      },
    });
    await dp.update('organizations', {
      id: created.id,
      data: { ...created, organizationType: 'School', city: 'Zeist' },
      previousData: created,
    });
    expect(sent[1]!.body).toEqual({
      data: { type: 'Provider', id: created.id, attributes: { city: 'Zeist' } },
    });
  });
});

describe('upload', () => {
  it('POSTs the file as form data under `upload` (sent as `upload[file]`) and flattens the stored upload', async () => {
    const hash = 'a'.repeat(64);
    const stored = {
      data: {
        type: 'upload',
        id: '0b4f1c2e-3a5d-4e6f-8a9b-0c1d2e3f4a5b',
        attributes: {
          hash,
          url: `/api/v1/cms/files/${hash}`,
          kind: 'image',
          content_type: 'image/png',
          byte_size: 68,
          width: 1,
          height: 1,
          name: 'logo.png',
          uploaded_by: null,
          organization_id: null,
          created_at: '2026-11-23T12:00:00.000Z',
        },
      },
    };
    expect(ZUploadDocument.safeParse(stored).success).toBe(true);
    const { dp, sent } = provider([{ status: 201, body: stored }]);
    const file = new File(['png'], 'logo.png', { type: 'image/png' });
    const { data } = await dp.upload(file);
    expect(sent).toEqual([{ method: 'POST', url: '/api/v1/cms/uploads', formData: { upload: { file } } }]);
    expect(data).toMatchObject({
      id: stored.data.id,
      kind: 'image',
      byteSize: 68,
      url: `/api/v1/cms/files/${hash}`,
    });
  });

  it('raises the refusal with the server’s detail as its message (a renamed file: 415)', async () => {
    const detail =
      'Upload een JPEG-, PNG- of WebP-afbeelding of een pdf. De inhoud van het bestand bepaalt het type, niet de naam.';
    const { dp } = provider([
      {
        status: 415,
        body: {
          errors: [
            { status: '415', code: 'upload_type_not_allowed', title: 'Bestandstype niet toegestaan', detail },
          ],
        },
      },
    ]);
    const error = await rejection(dp.upload(new File(['hallo'], 'tekst.png', { type: 'image/png' })));
    expect(error.status).toBe(415);
    expect(error.message).toBe(detail);
  });
});
