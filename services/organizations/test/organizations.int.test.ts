import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { ORGANIZATION_STATUSES, canTransition } from '@stageplein/contracts/organizations/organizations';
import {
  auditOf,
  call,
  expectError,
  harness,
  makeOrganization,
  outboxEvents,
  seedOrg,
  userWith,
  type THarness,
  type TUser,
} from './harness.ts';

let h: THarness;
let center: TUser;
let schoolAdmin: TUser;

beforeAll(async () => {
  h = await harness();
  center = await userWith(h, [['admin', seedOrg('volunteer-center'), 'VolunteerCenter']]);
  schoolAdmin = await userWith(h, [['admin', seedOrg('school'), 'School']]);
});
afterAll(async () => h?.close());

const approve = (user: TUser, id: string, status: string, type = 'organization', lang = 'nl') =>
  call(h.app, {
    method: 'PUT',
    url: `/api/v1/organizations/${id}/approve`,
    headers: { ...user.as(), 'accept-language': lang },
    payload: { data: { type, id, attributes: { status } } },
  });

describe('GET /api/v1/organizations', () => {
  it('shows everyone the approved organizations of the tenant, with profiles on request', async () => {
    const pending = await makeOrganization(h, {
      type: 'Provider',
      status: 'pending',
      name: 'Nog niet goedgekeurd',
    });
    const res = await call(h.app, {
      url: '/api/v1/organizations?include=profile',
      headers: { 'x-tenant': 'demo' },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const ids = body.data.map((o: { id: string }) => o.id);
    expect(ids).toEqual(
      expect.arrayContaining([
        seedOrg('school'),
        seedOrg('volunteer-center'),
        seedOrg('provider'),
        seedOrg('nonprofit'),
      ]),
    );
    expect(ids).not.toContain(pending);
    expect(
      body.data.every((o: { attributes: { status: string } }) => o.attributes.status === 'approved'),
    ).toBe(true);
    const school = body.data.find((o: { id: string }) => o.id === seedOrg('school'));
    // The JSON:API type of an organization is its organization type (spec §3).
    expect(school).toMatchObject({ type: 'School', attributes: { city: 'Utrecht', status: 'approved' } });
    expect(school.relationships.profile.data).toEqual({ type: 'profile', id: seedOrg('school') });
    const profile = body.included.find(
      (r: { type: string; id: string }) => r.type === 'profile' && r.id === seedOrg('school'),
    );
    expect(profile.attributes).toMatchObject({
      city: 'Utrecht',
      postcode: '3511 AB',
      address: 'Schoolstraat 10',
    });
    expect(typeof profile.attributes.latitude).toBe('number');
  });

  it('include=vacancies before any of placements’ events: an empty relationship, nothing included', async () => {
    const res = await call(h.app, {
      url: '/api/v1/organizations?include=vacancies',
      headers: { 'x-tenant': 'demo' },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data.length).toBeGreaterThan(0);
    for (const o of body.data) expect(o.relationships.vacancies).toEqual({ data: [] });
    expect(body.included).toBeUndefined();
    // Control: without the include there is no vacancies relationship at all.
    const plain = await call(h.app, { url: '/api/v1/organizations', headers: { 'x-tenant': 'demo' } });
    expect(plain.json().data[0].relationships.vacancies).toBeUndefined();
  });

  it('filters by type, status, name and city, and pages with meta.total and links', async () => {
    const get = (q: string, user?: TUser) =>
      call(h.app, { url: `/api/v1/organizations?${q}`, headers: user ? user.as() : { 'x-tenant': 'demo' } });
    const types = async (q: string) => (await get(q)).json().data.map((o: { type: string }) => o.type);
    expect(await types('filter[type_eq]=School')).toEqual(['School']);
    expect((await types('filter[organization_type_in]=Provider,NonProfit')).sort()).toEqual([
      'NonProfit',
      'Provider',
    ]);
    expect(await types('filter[name_cont]=buurthuis')).toEqual(['NonProfit']);
    expect((await types('filter[city_eq]=Utrecht')).length).toBe(4);
    expect(await types('filter[city_eq]=Nijmegen')).toEqual([]);
    const page = (await get('page[size]=2&page[number]=2&sort=-name')).json();
    expect(page.meta.total).toBe(4);
    expect(page.data).toHaveLength(2);
    expect(page.links.prev).toContain('page%5Bnumber%5D=1');
    // A page past the end still knows the total.
    expect((await get('page[size]=2&page[number]=9')).json()).toMatchObject({ data: [], meta: { total: 4 } });
    // The approval queue: moderators see pending organizations, others never do.
    await makeOrganization(h, { type: 'NonProfit', status: 'pending', name: 'Wachtrij' });
    expect(
      (await get('filter[status_eq]=pending', center))
        .json()
        .data.map((o: { attributes: { name: string } }) => o.attributes.name),
    ).toContain('Wachtrij');
    expect((await get('filter[status_eq]=pending')).json().data).toEqual([]);
  });

  it('refuses undeclared filters, sorts and includes, and malformed ids, naming the parameter', async () => {
    for (const q of [
      'filter[website_eq]=x',
      'sort=website',
      'include=students',
      'filter[parent_id_eq]=nope',
      'filter[id_in]=1,2',
    ]) {
      const res = await call(h.app, { url: `/api/v1/organizations?${q}`, headers: { 'x-tenant': 'demo' } });
      expectError(res, 400, 'bad_request');
      expect(res.json().errors[0].source.parameter).toBeTruthy();
    }
  });
});

describe('GET /api/v1/organizations/{id}', () => {
  it('a pending organization is visible to its own admin and its moderators, a 404 for others', async () => {
    const pending = await makeOrganization(h, { type: 'Provider', status: 'pending' });
    const applicant = await userWith(h, [['admin', pending, 'Provider']]);
    const url = `/api/v1/organizations/${pending}?include=profile`;
    expect((await call(h.app, { url, headers: applicant.as() })).statusCode).toBe(200);
    expect((await call(h.app, { url, headers: center.as() })).statusCode).toBe(200);
    expect((await call(h.app, { url, headers: schoolAdmin.as() })).statusCode).toBe(200);
    expectError(await call(h.app, { url, headers: { 'x-tenant': 'demo' } }), 404, 'not_found');
    const provider = await userWith(h, [['admin', seedOrg('provider'), 'Provider']]);
    expectError(await call(h.app, { url, headers: provider.as() }), 404, 'not_found');
    // Control: an approved one is public.
    expect(
      (
        await call(h.app, {
          url: `/api/v1/organizations/${seedOrg('provider')}`,
          headers: { 'x-tenant': 'demo' },
        })
      ).statusCode,
    ).toBe(200);
  });
});

describe('status transitions (PUT /approve)', () => {
  it('allows exactly the transitions of the contract, each with its event and audit entry', async () => {
    for (const from of ORGANIZATION_STATUSES) {
      for (const to of ORGANIZATION_STATUSES) {
        if (from === to) continue;
        const id = await makeOrganization(h, { type: 'Provider', status: from });
        const res = await approve(center, id, to, 'Provider');
        if (canTransition(from, to)) {
          expect(res.statusCode, `${from}→${to}: ${res.body}`).toBe(200);
          expect(res.json().data.attributes.status).toBe(to);
          const type = { approved: 'approved', denied: 'denied', archived: 'archived', pending: 'reopened' }[
            to
          ];
          const [event] = await outboxEvents(h, `organizations.organization.${type}`, id);
          expect(event).toMatchObject({
            actor: center.id,
            data: { from_status: from, status: to, organization_id: id },
          });
          expect(await auditOf(h, id)).toEqual([
            expect.objectContaining({
              action: `organization.${type}`,
              actor_id: center.id,
              before_status: from,
              after_status: to,
            }),
          ]);
        } else {
          expectError(res, 422, 'invalid_status_transition');
          expect(res.json().errors[0].source.pointer).toBe('/data/attributes/status');
          expect(await auditOf(h, id)).toEqual([]);
        }
      }
    }
  });

  it('explains a refused transition in the caller’s language', async () => {
    const id = await makeOrganization(h, { type: 'Provider', status: 'approved' });
    const nl = await approve(center, id, 'denied', 'Provider', 'nl');
    const en = await approve(center, id, 'denied', 'Provider', 'en');
    expect(nl.json().errors[0].detail).toBe(
      'Een organisatie met status goedgekeurd kan niet naar status afgewezen.',
    );
    expect(en.json().errors[0].detail).toBe(
      'An organization with status approved cannot change to status denied.',
    );
  });

  it('setting the current status again changes nothing and emits nothing', async () => {
    const id = await makeOrganization(h, { type: 'Provider', status: 'approved' });
    const res = await approve(center, id, 'approved');
    expect(res.statusCode).toBe(200);
    expect(await outboxEvents(h, 'organizations.organization.approved', id)).toEqual([]);
    expect(await auditOf(h, id)).toEqual([]);
  });

  it('school admins moderate NonProfits and Providers only; nobody moderates their own organization', async () => {
    const provider = await makeOrganization(h, { type: 'Provider', status: 'pending' });
    const school = await makeOrganization(h, { type: 'School', status: 'pending' });
    // A pending School is not even visible to a school admin; an approved one is, but not theirs to change.
    expectError(await approve(schoolAdmin, school, 'approved'), 404, 'not_found');
    const otherSchool = await makeOrganization(h, { type: 'School', status: 'approved' });
    expectError(await approve(schoolAdmin, otherSchool, 'archived'), 403, 'forbidden');
    expect((await approve(schoolAdmin, provider, 'approved')).statusCode).toBe(200);
    expect((await approve(center, school, 'approved')).statusCode).toBe(200);
    expectError(await approve(center, seedOrg('volunteer-center'), 'archived'), 403, 'forbidden');
    // Control: the centre may archive another organization.
    expect((await approve(center, school, 'archived')).statusCode).toBe(200);
  });

  it('a body naming another id or another organization type is a 409', async () => {
    const id = await makeOrganization(h, { type: 'Provider', status: 'pending' });
    const other = await call(h.app, {
      method: 'PUT',
      url: `/api/v1/organizations/${id}/approve`,
      headers: center.as(),
      payload: { data: { type: 'Provider', id: seedOrg('provider'), attributes: { status: 'approved' } } },
    });
    expectError(other, 409, 'conflict');
    expectError(await approve(center, id, 'approved', 'School'), 409, 'conflict');
    expect((await approve(center, id, 'approved', 'Provider')).statusCode).toBe(200);
  });
});

describe('create, update, delete', () => {
  const body = (type: string, name: string, postcode = '3511 XY') => ({
    data: {
      type,
      attributes: {
        name,
        city: 'Utrecht',
        postcode,
        address: 'Oudegracht 1',
        website: 'https://voorbeeld.nl',
      },
    },
  });

  it('a moderator creates an approved organization; the same name and postcode again is a 409', async () => {
    const res = await call(h.app, {
      method: 'POST',
      url: '/api/v1/organizations',
      headers: center.as(),
      payload: body('Provider', 'Fietsenmaker Spaak'),
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json().data;
    expect(created).toMatchObject({
      type: 'Provider',
      attributes: { status: 'approved', name: 'Fietsenmaker Spaak' },
    });
    expect(res.json().included[0].attributes.postcode).toBe('3511 XY');
    expect(await outboxEvents(h, 'organizations.organization.created', created.id)).toHaveLength(1);
    const again = await call(h.app, {
      method: 'POST',
      url: '/api/v1/organizations',
      headers: center.as(),
      payload: body('organization', ' fietsenmaker spaak ', '3511xy'),
    });
    expectError(again, 422, 'validation_failed'); // generic type without organization_type
    const dup = await call(h.app, {
      method: 'POST',
      url: '/api/v1/organizations',
      headers: center.as(),
      payload: body('NonProfit', ' fietsenmaker spaak ', '3511xy'),
    });
    expectError(dup, 409, 'organization_duplicate');
  });

  it('school admins may create Providers, not Schools', async () => {
    expectError(
      await call(h.app, {
        method: 'POST',
        url: '/api/v1/organizations',
        headers: schoolAdmin.as(),
        payload: body('School', 'Tweede School'),
      }),
      403,
      'forbidden',
    );
    expect(
      (
        await call(h.app, {
          method: 'POST',
          url: '/api/v1/organizations',
          headers: schoolAdmin.as(),
          payload: body('Provider', 'Kinderboerderij'),
        })
      ).statusCode,
    ).toBe(201);
  });

  it('an organization’s own admin edits its profile, even while pending, but not its status', async () => {
    const id = await makeOrganization(h, { type: 'NonProfit', status: 'pending', postcode: '3511 AA' });
    const own = await userWith(h, [['admin', id, 'NonProfit']]);
    const put = (attributes: Record<string, unknown>) =>
      call(h.app, {
        method: 'PUT',
        url: `/api/v1/organizations/${id}`,
        headers: own.as(),
        payload: { data: { type: 'NonProfit', id, attributes } },
      });
    const res = await put({
      description: 'Wij zoeken hulp bij de moestuin.',
      website: '',
      phone: '030-1234567',
    });
    expect(res.statusCode, res.body).toBe(200);
    const profile = res.json().included[0].attributes;
    expect(profile).toMatchObject({
      description: 'Wij zoeken hulp bij de moestuin.',
      website: null,
      phone: '030-1234567',
    });
    const [event] = await outboxEvents(h, 'organizations.organization.updated', id);
    expect(event?.data).toMatchObject({ organization_id: id, status: 'pending' });
    expectError(await put({ status: 'approved' }), 403, 'forbidden');
    expectError(await put({ website: 'ftp://nope' }), 422, 'validation_failed');
  });

  it('only VolunteerCenter admins delete, and the record stays in the audit log', async () => {
    const id = await makeOrganization(h, { type: 'Provider', status: 'approved' });
    const del = (user: TUser) =>
      call(h.app, { method: 'DELETE', url: `/api/v1/organizations/${id}`, headers: user.as() });
    expectError(await del(schoolAdmin), 403, 'forbidden');
    expect((await del(center)).statusCode).toBe(200);
    expectError(await call(h.app, { url: `/api/v1/organizations/${id}`, headers: center.as() }), 404);
    expect(await outboxEvents(h, 'organizations.organization.deleted', id)).toHaveLength(1);
    expect((await auditOf(h, id)).map((a) => a.action)).toEqual(['organization.deleted']);
  });

  it('the audit log is append-only, also for the owner', async () => {
    const id = await makeOrganization(h, { type: 'Provider', status: 'pending' });
    await approve(center, id, 'approved');
    await expect(
      sql`update organizations.audit_log set action = 'x' where subject_id = ${id}`.execute(h.owner),
    ).rejects.toThrow(/append-only/);
    await expect(
      sql`delete from organizations.audit_log where subject_id = ${id}`.execute(h.owner),
    ).rejects.toThrow(/append-only/);
  });
});

describe('moving organizations (deployment flag MOVE_ORGANIZATIONS)', () => {
  const move = (app: THarness['app'], id: string, parent_id: string | null) =>
    call(app, {
      method: 'PUT',
      url: `/api/v1/organizations/${id}`,
      headers: center.as(),
      payload: { data: { type: 'organization', id, attributes: { parent_id } } },
    });

  it('is refused while the flag is off', async () => {
    const id = await makeOrganization(h, { type: 'Provider', status: 'approved' });
    expectError(await move(h.app, id, seedOrg('school')), 403, 'organization_move_disabled');
  });

  it('with the flag on: under an approved School or VolunteerCenter of the tenant, never in a cycle', async () => {
    const flagged = await h.appWith({ MOVE_ORGANIZATIONS: true });
    const provider = await makeOrganization(h, { type: 'Provider', status: 'approved' });
    const res = await move(flagged, provider, seedOrg('school'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.relationships.parent.data).toEqual({ type: 'School', id: seedOrg('school') });
    expect((await outboxEvents(h, 'organizations.organization.moved', provider))[0]?.data).toMatchObject({
      from_parent_id: null,
      parent_id: seedOrg('school'),
    });
    expectError(await move(flagged, provider, seedOrg('provider')), 422, 'invalid_parent');
    expectError(await move(flagged, provider, seedOrg('school', 'raayland')), 422, 'invalid_parent');
    // A school under a centre, then the centre under that school: a cycle.
    const school = await makeOrganization(h, { type: 'School', status: 'approved' });
    const centre = await makeOrganization(h, { type: 'VolunteerCenter', status: 'approved' });
    expect((await move(flagged, school, centre)).statusCode).toBe(200);
    expectError(await move(flagged, centre, school), 422, 'invalid_parent');
    expect((await move(flagged, provider, null)).json().data.attributes.parent_id).toBeNull();
  });
});
