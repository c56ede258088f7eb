import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getTenant } from '@stageplein/contracts/tenants/tenant-registry';
import { setTenant } from '@stageplein/kit/db/rls';
import type { Kysely } from 'kysely';
import type { TOrganizationsDb } from '../src/database.ts';
import { sweepCompliance } from '../src/compliance/compliance.service.ts';
import {
  auditOf,
  call,
  expectError,
  harness,
  makeOrganization,
  NOW,
  outboxEvents,
  seedOrg,
  userWith,
  type THarness,
  type TUser,
} from './harness.ts';

let h: THarness;
let schoolAdmin: TUser;
let centreAdmin: TUser;
let mentor: TUser;
let providerAdmin: TUser;
let nonprofitAdmin: TUser;
let newcomer: string;
let newcomerAdmin: TUser;
let otherSchoolAdmin: TUser;
let foreignAdmin: TUser;

const document = (attributes: Record<string, unknown>) => ({
  data: { type: 'compliance_document', attributes },
});
const post = (user: TUser, attributes: Record<string, unknown>) =>
  call(h.app, {
    method: 'POST',
    url: '/api/v1/compliance_documents',
    headers: user.as(),
    payload: document(attributes),
  });

/** The `organization_compliance` resources of `GET /organizations?include=compliance` as this caller sees them. */
async function statesAs(user: TUser | null) {
  const res = await call(h.app, {
    url: '/api/v1/organizations?include=compliance&page[size]=100',
    headers: user ? user.as() : { 'x-tenant': 'demo' },
  });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json();
  return new Map<string, { status: string; may_publish: boolean; kinds: { kind: string; status: string }[] }>(
    (body.included ?? [])
      .filter((r: { type: string }) => r.type === 'organization_compliance')
      .map((r: { id: string; attributes: never }) => [r.id, r.attributes]),
  );
}

beforeAll(async () => {
  h = await harness();
  schoolAdmin = await userWith(h, [['admin', seedOrg('school'), 'School']]);
  centreAdmin = await userWith(h, [['admin', seedOrg('volunteer-center'), 'VolunteerCenter']]);
  mentor = await userWith(h, [['mentor', seedOrg('school'), 'School']]);
  providerAdmin = await userWith(h, [['admin', seedOrg('provider'), 'Provider']]);
  nonprofitAdmin = await userWith(h, [['admin', seedOrg('nonprofit'), 'NonProfit']]);
  newcomer = await makeOrganization(h, {
    type: 'Provider',
    status: 'approved',
    name: 'Kinderopvang De Vlinder',
  });
  newcomerAdmin = await userWith(h, [['admin', newcomer, 'Provider']]);
  const otherSchool = await makeOrganization(h, { type: 'School', status: 'approved' });
  otherSchoolAdmin = await userWith(h, [['admin', otherSchool, 'School']]);
  foreignAdmin = await userWith(h, [['admin', seedOrg('school', 'raayland'), 'School']], 'raayland');
});
afterAll(async () => h?.close());

describe('compliance state (seeds and include=compliance)', () => {
  it('school admins see every organization’s state: the seeded Provider compliant, the NonProfit expiring', async () => {
    const states = await statesAs(schoolAdmin);
    expect(states.get(seedOrg('provider'))).toMatchObject({ status: 'compliant', may_publish: true });
    expect(states.get(seedOrg('nonprofit'))).toMatchObject({
      status: 'expiring',
      may_publish: true,
      kinds: [
        { kind: 'vog', status: 'compliant' },
        { kind: 'liability_insurance', status: 'expiring' },
      ],
    });
    // Nothing is required of schools and centres; an organization without documents misses both.
    expect(states.has(seedOrg('school'))).toBe(false);
    expect(states.get(newcomer)).toMatchObject({ status: 'missing', may_publish: false });
    expect((await statesAs(centreAdmin)).get(newcomer)).toMatchObject({ status: 'missing' });
  });

  it('an organization’s admin sees its own state only; mentors and visitors see none', async () => {
    expect([...(await statesAs(providerAdmin)).keys()]).toEqual([seedOrg('provider')]);
    expect((await statesAs(mentor)).size).toBe(0);
    expect((await statesAs(null)).size).toBe(0);
    const one = await call(h.app, {
      url: `/api/v1/organizations/${seedOrg('nonprofit')}?include=compliance`,
      headers: providerAdmin.as(),
    });
    expect(one.json().data.relationships.compliance).toEqual({ data: null });
  });

  it('the seeds announced the states (organizations.compliance.changed with may_publish)', async () => {
    const [event] = await outboxEvents(h, 'organizations.compliance.changed', seedOrg('nonprofit'));
    expect(event?.data).toMatchObject({
      organization_id: seedOrg('nonprofit'),
      may_publish: true,
      status: 'expiring',
    });
  });
});

describe('documents', () => {
  it('an organization’s admin adds documents; each state change is an event and audit-logged', async () => {
    const insurance = await post(newcomerAdmin, {
      kind: 'liability_insurance',
      reference: 'Polis 123',
      issued_on: '2026-01-01',
      expires_on: '2027-12-31',
    });
    expect(insurance.statusCode, insurance.body).toBe(201);
    expect(insurance.json().data.attributes).toMatchObject({
      organization_id: newcomer,
      kind: 'liability_insurance',
    });
    const vog = await post(newcomerAdmin, {
      kind: 'vog',
      issued_on: '2026-10-01',
      note: 'In de map bij de receptie',
    });
    expect(vog.statusCode, vog.body).toBe(201);

    expect(
      (await outboxEvents(h, 'organizations.compliance_document.created', newcomer)).map((e) => e.data.kind),
    ).toEqual(['liability_insurance', 'vog']);
    // Missing (no state was announced yet) → still missing the VOG → compliant: two announcements.
    const changes = await outboxEvents(h, 'organizations.compliance.changed', newcomer);
    expect(changes.map((e) => [e.data.status, e.data.may_publish, e.actor])).toEqual([
      ['missing', false, newcomerAdmin.id],
      ['compliant', true, newcomerAdmin.id],
    ]);
    expect((await statesAs(schoolAdmin)).get(newcomer)).toMatchObject({
      status: 'compliant',
      may_publish: true,
    });
    expect((await auditOf(h, newcomer)).map((a) => [a.action, a.actor_id])).toEqual([
      ['compliance_document.created', newcomerAdmin.id],
      ['compliance.changed', newcomerAdmin.id],
      ['compliance_document.created', newcomerAdmin.id],
      ['compliance.changed', newcomerAdmin.id],
    ]);

    // Expired: the state follows and publishing stops.
    const id = insurance.json().data.id;
    const expired = await call(h.app, {
      method: 'PATCH',
      url: `/api/v1/compliance_documents/${id}`,
      headers: newcomerAdmin.as(),
      payload: { data: { type: 'compliance_document', id, attributes: { expires_on: '2026-11-20' } } },
    });
    expect(expired.statusCode, expired.body).toBe(200);
    expect((await statesAs(newcomerAdmin)).get(newcomer)).toMatchObject({
      status: 'expired',
      may_publish: false,
    });
    expect((await outboxEvents(h, 'organizations.compliance.changed', newcomer)).at(-1)?.data).toMatchObject({
      status: 'expired',
      may_publish: false,
    });
    const removed = await call(h.app, {
      method: 'DELETE',
      url: `/api/v1/compliance_documents/${id}`,
      headers: newcomerAdmin.as(),
    });
    expect(removed.statusCode, removed.body).toBe(204);
    expect((await outboxEvents(h, 'organizations.compliance_document.deleted', newcomer)).length).toBe(1);
    expect((await statesAs(newcomerAdmin)).get(newcomer)).toMatchObject({ status: 'missing' });
  });

  it('refuses an expiry before the issue date', async () => {
    expectError(
      await post(newcomerAdmin, { kind: 'vog', issued_on: '2026-10-01', expires_on: '2026-09-01' }),
      422,
      'invalid_date_range',
    );
  });

  it('ownership: only the organization’s own admins manage its documents', async () => {
    const [theirs] = (
      await call(h.app, {
        url: `/api/v1/compliance_documents?filter[organization_id_eq]=${seedOrg('nonprofit')}`,
        headers: nonprofitAdmin.as(),
      })
    ).json().data;
    expect(theirs).toBeDefined();
    // Another organization's admin: cannot add to it, nor read, change or remove its documents.
    expectError(
      await post(providerAdmin, {
        kind: 'vog',
        issued_on: '2026-01-01',
        organization_id: seedOrg('nonprofit'),
      }),
      403,
    );
    expectError(
      await call(h.app, { url: `/api/v1/compliance_documents/${theirs.id}`, headers: providerAdmin.as() }),
      404,
    );
    expectError(
      await call(h.app, {
        method: 'PATCH',
        url: `/api/v1/compliance_documents/${theirs.id}`,
        headers: providerAdmin.as(),
        payload: { data: { type: 'compliance_document', attributes: { expires_on: null } } },
      }),
      404,
    );
    expectError(
      await call(h.app, {
        method: 'DELETE',
        url: `/api/v1/compliance_documents/${theirs.id}`,
        headers: providerAdmin.as(),
      }),
      404,
    );
    expectError(
      await call(h.app, {
        url: `/api/v1/compliance_documents?filter[organization_id_eq]=${seedOrg('nonprofit')}`,
        headers: providerAdmin.as(),
      }),
      403,
    );
    // The content editors (the centre's admins) read every organization's documents but change none;
    // school admins read none (they see each organization's state: issue #31 item 7); mentors none.
    expect(
      (await call(h.app, { url: `/api/v1/compliance_documents/${theirs.id}`, headers: centreAdmin.as() }))
        .statusCode,
    ).toBe(200);
    expect(
      (await call(h.app, { url: '/api/v1/compliance_documents', headers: centreAdmin.as() })).json().meta
        .total,
    ).toBeGreaterThanOrEqual(3);
    expectError(
      await call(h.app, { url: `/api/v1/compliance_documents/${theirs.id}`, headers: schoolAdmin.as() }),
      404,
    );
    expect(
      (await call(h.app, { url: '/api/v1/compliance_documents', headers: schoolAdmin.as() })).json().meta
        .total,
    ).toBe(0);
    expectError(
      await call(h.app, {
        url: `/api/v1/compliance_documents?filter[organization_id_eq]=${seedOrg('provider')}`,
        headers: schoolAdmin.as(),
      }),
      403,
    );
    expectError(
      await call(h.app, {
        method: 'DELETE',
        url: `/api/v1/compliance_documents/${theirs.id}`,
        headers: centreAdmin.as(),
      }),
      403,
    );
    expectError(
      await call(h.app, {
        method: 'DELETE',
        url: `/api/v1/compliance_documents/${theirs.id}`,
        headers: schoolAdmin.as(),
      }),
      404,
    );
    expectError(await post(schoolAdmin, { kind: 'vog', issued_on: '2026-01-01' }), 403);
    expectError(
      await call(h.app, { url: `/api/v1/compliance_documents/${theirs.id}`, headers: mentor.as() }),
      404,
    );
    expectError(await call(h.app, { url: '/api/v1/compliance_documents', headers: mentor.as() }), 403);
    expectError(
      await call(h.app, { url: '/api/v1/compliance_documents', headers: { 'x-tenant': 'demo' } }),
      401,
    );
  });

  it('cross-tenant: another tenant’s admins see nothing of this tenant’s documents', async () => {
    const [doc] = (
      await call(h.app, { url: '/api/v1/compliance_documents', headers: centreAdmin.as() })
    ).json().data;
    // Its content editors read every document of their own tenant, none of this one's.
    const foreignCentre = await userWith(
      h,
      [['admin', seedOrg('volunteer-center', 'raayland'), 'VolunteerCenter']],
      'raayland',
    );
    expectError(
      await call(h.app, { url: `/api/v1/compliance_documents/${doc.id}`, headers: foreignCentre.as() }),
      404,
    );
    expect(
      (await call(h.app, { url: '/api/v1/compliance_documents', headers: foreignCentre.as() }))
        .json()
        .data.every(
          (d: { attributes: { organization_id: string } }) =>
            d.attributes.organization_id !== seedOrg('provider'),
        ),
    ).toBe(true);
    expectError(
      await call(h.app, {
        method: 'PATCH',
        url: `/api/v1/compliance_requirements/${seedOrg('school')}`,
        // The other tenant cannot even find this tenant's school.
        headers: foreignAdmin.as(),
        payload: { data: { type: 'compliance_requirement', attributes: { kinds: [] } } },
      }),
      404,
    );
  });
});

describe('requirements', () => {
  const put = (user: TUser, school: string, kinds: string[]) =>
    call(h.app, {
      method: 'PATCH',
      url: `/api/v1/compliance_requirements/${school}`,
      headers: user.as(),
      payload: { data: { type: 'compliance_requirement', id: school, attributes: { kinds } } },
    });

  it('a school’s admins set its required kinds; every organization’s state follows and is announced', async () => {
    expectError(await put(providerAdmin, seedOrg('school'), ['vog']), 403);
    expectError(await put(otherSchoolAdmin, seedOrg('school'), ['vog']), 403);
    expectError(await put(mentor, seedOrg('school'), ['vog']), 403);

    const res = await put(schoolAdmin, seedOrg('school'), ['code_of_conduct', 'vog', 'liability_insurance']);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.attributes.kinds).toEqual(['vog', 'liability_insurance', 'code_of_conduct']);
    const [changed] = await outboxEvents(
      h,
      'organizations.compliance_requirements.changed',
      seedOrg('school'),
    );
    expect(changed?.data.kinds).toEqual(['vog', 'liability_insurance', 'code_of_conduct']);
    expect(
      (await outboxEvents(h, 'organizations.compliance.changed', seedOrg('provider'))).at(-1)?.data,
    ).toMatchObject({
      status: 'missing',
      may_publish: false,
    });
    expect((await auditOf(h, seedOrg('school'))).map((a) => a.action)).toContain(
      'compliance_requirements.changed',
    );
    const list = await call(h.app, { url: '/api/v1/compliance_requirements', headers: providerAdmin.as() });
    expect(list.json().data).toEqual([
      expect.objectContaining({
        id: seedOrg('school'),
        attributes: expect.objectContaining({ kinds: expect.any(Array) }),
      }),
    ]);

    expect((await put(schoolAdmin, seedOrg('school'), ['vog', 'liability_insurance'])).statusCode).toBe(200);
    expect((await statesAs(schoolAdmin)).get(seedOrg('provider'))).toMatchObject({ status: 'compliant' });
  });
});

describe('the daily sweep', () => {
  it('reminds once per document and expiry date, and announces states that the date changed', async () => {
    const sweep = (at: string) =>
      h.owner.transaction().execute(async (trx) => {
        await setTenant(trx, 'demo');
        return sweepCompliance({
          db: trx as unknown as Kysely<TOrganizationsDb>,
          tenant: getTenant('demo')!,
          now: new Date(at),
        });
      });
    const first = await sweep(NOW.toISOString());
    expect(first.reminded).toBe(1);
    const [reminder] = await outboxEvents(
      h,
      'organizations.compliance_document.expiring',
      seedOrg('nonprofit'),
    );
    expect(reminder?.data).toMatchObject({ kind: 'liability_insurance', days_left: 20 });
    expect((await sweep(NOW.toISOString())).reminded).toBe(0);
    // Three weeks later the insurance has expired: announced, publishing stops.
    const later = await sweep('2026-12-12T08:00:00Z');
    expect(later.changed).toBeGreaterThanOrEqual(1);
    expect(
      (await outboxEvents(h, 'organizations.compliance.changed', seedOrg('nonprofit'))).at(-1)?.data,
    ).toMatchObject({
      status: 'expired',
      may_publish: false,
      computed_on: '2026-12-12',
    });
  });
});
