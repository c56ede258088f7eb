import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TENANT_LIST } from '@stageplein/contracts/tenants/tenant-registry';
import type { TTenantId } from '@stageplein/contracts/tenants/tenant.types';
import { findPlace } from '../src/geo/gazetteer.ts';
import { seedVacancyId } from '../src/vacancies/vacancies.seed.ts';
import {
  adminOf,
  announceUser,
  auditOf,
  call,
  deliver,
  eventually,
  expectStatus,
  organization,
  outboxEvents,
  userWith,
  type THarness,
  type TUser,
  harness,
} from './harness.ts';

let h: THarness;
beforeAll(async () => {
  h = await harness();
}, 120_000);
afterAll(async () => {
  await h?.close();
});

const description = {
  type: 'doc' as const,
  content: [
    { type: 'paragraph', content: [{ type: 'text', text: 'Help mee <script>x</script> in de tuin' }] },
  ],
};

const create = (user: TUser | null, attributes: Record<string, unknown>, tenant: TTenantId = 'demo') =>
  call(h.app, {
    method: 'POST',
    url: '/api/v1/vacancies',
    headers: user?.headers ?? { 'x-tenant': tenant },
    payload: { data: { type: 'vacancy', attributes: { title: 'Tuinhulp', ...attributes } } },
  });

const get = (id: string, user: TUser | null, tenant: TTenantId = 'demo') =>
  call(h.app, {
    method: 'GET',
    url: `/api/v1/vacancies/${id}`,
    headers: user?.headers ?? { 'x-tenant': tenant },
  });

const patch = (id: string, user: TUser, attributes: Record<string, unknown>) =>
  call(h.app, {
    method: 'PATCH',
    url: `/api/v1/vacancies/${id}`,
    headers: user.headers,
    payload: { data: { type: 'vacancy', id, attributes } },
  });

const act = (id: string, user: TUser, action: string, reason?: string) =>
  call(h.app, {
    method: 'POST',
    url: `/api/v1/vacancies/${id}/${action}`,
    headers: user.headers,
    ...(reason !== undefined ? { payload: { data: { type: 'vacancy', id, attributes: { reason } } } } : {}),
  });

const remove = (id: string, user: TUser) =>
  call(h.app, { method: 'DELETE', url: `/api/v1/vacancies/${id}`, headers: user.headers });

async function draftOf(user: TUser, attributes: Record<string, unknown> = {}): Promise<string> {
  const res = await create(user, attributes);
  expectStatus(res, 201);
  return res.json().data.id as string;
}

describe('vacancies: CRUD by the organization', () => {
  it('an admin writes a draft: location from the organization, the tenant’s kind, sanitised HTML', async () => {
    const admin = await adminOf(h, 'NonProfit');
    const res = await create(admin, { description, places: 2, hours_per_week: 4 });
    expectStatus(res, 201);
    const v = res.json().data;
    expect(v.type).toBe('vacancy');
    expect(v.attributes).toMatchObject({
      title: 'Tuinhulp',
      organization_id: admin.organizationId,
      status: 'draft',
      published_at: null,
      city: 'Amersfoort',
      postcode: '3811 CB',
      latitude: 52.1561,
      longitude: 5.3878,
      // demo is a traineeship tenant: its default kind.
      kind: 'traineeship',
      places: 2,
      hours_per_week: 4,
      hidden: false,
    });
    expect(v.attributes.description_html).toBe('<p>Help mee &lt;script&gt;x&lt;/script&gt; in de tuin</p>');
    expect(v.relationships.organization.data).toEqual({ type: 'organization', id: admin.organizationId });

    // Another town without coordinates: that town's (the search's gazetteer), not the organization's
    // address (issue #30 item 8: "Wezep, 5 km" must find a vacancy in Wezep); a move on edit too.
    const wezep = await create(admin, { city: 'Wezep' });
    expect(wezep.json().data.attributes).toMatchObject({
      city: 'Wezep',
      latitude: 52.46167,
      longitude: 5.99861,
    });
    const moved = await patch(wezep.json().data.id, admin, { city: 'Hattem' });
    expect(moved.json().data.attributes).toMatchObject({
      city: 'Hattem',
      latitude: 52.475,
      longitude: 6.06389,
    });
    const untouched = await patch(wezep.json().data.id, admin, {
      title: 'Tuinhulp in Hattem',
      city: 'Hattem',
    });
    expect(untouched.json().data.attributes).toMatchObject({ latitude: 52.475, longitude: 6.06389 });

    // Its own coordinates win over the organization's.
    const own = await create(admin, { city: 'Soest', latitude: 52.1733, longitude: 5.2917 });
    expect(own.json().data.attributes).toMatchObject({ city: 'Soest', latitude: 52.1733, longitude: 5.2917 });
  });

  it('reads, edits and deletes a draft, each change an event and an audit entry', async () => {
    const admin = await adminOf(h, 'Provider');
    const id = await draftOf(admin);
    expectStatus(await get(id, admin), 200);
    const edited = await patch(id, admin, {
      title: 'Stage in de keuken',
      starts_on: '2027-02-01',
      ends_on: '2027-06-30',
    });
    expectStatus(edited, 200);
    expect(edited.json().data.attributes).toMatchObject({
      title: 'Stage in de keuken',
      ends_on: '2027-06-30',
    });
    expectStatus(await remove(id, admin), 204);
    expectStatus(await get(id, admin), 404);

    const types = [
      'placements.vacancy.created',
      'placements.vacancy.updated',
      'placements.vacancy.deleted',
    ] as const;
    for (const type of types) {
      const [event] = await outboxEvents(h, type, id);
      expect(event, type).toBeDefined();
      expect(event!.actor).toBe(admin.id);
      expect(event!.data).toMatchObject({ vacancy_id: id, organization_id: admin.organizationId });
    }
    expect((await auditOf(h, id)).map((a) => [a.action, a.actor_id])).toEqual([
      ['vacancy.created', admin.id],
      ['vacancy.updated', admin.id],
      ['vacancy.deleted', admin.id],
    ]);
  });

  it('refuses bad input with the catalogue’s codes', async () => {
    const admin = await adminOf(h, 'NonProfit');
    expectStatus(await create(admin, { kind: 'volunteer' }), 422, 'vacancy_kind_unavailable');
    expectStatus(
      await create(admin, { starts_on: '2027-03-01', ends_on: '2027-02-01' }),
      422,
      'invalid_date_range',
    );
    expectStatus(await create(admin, { latitude: 52.1 }), 422, 'validation_failed');
    expectStatus(await create(admin, { status: 'published' }), 422, 'validation_failed');
    const id = await draftOf(admin);
    expectStatus(
      await call(h.app, {
        method: 'PATCH',
        url: `/api/v1/vacancies/${id}`,
        headers: admin.headers,
        payload: { data: { type: 'vacancy', id: '00000000-0000-4000-8000-000000000000', attributes: {} } },
      }),
      409,
      'conflict',
    );
  });

  it('a contact person works for the organization: the internships’ rule, its picker and its refusal', async () => {
    const admin = await adminOf(h, 'NonProfit');
    const elsewhere = await userWith(
      h,
      'mentor',
      await organization(h, 'NonProfit', 'approved'),
      'NonProfit',
    );
    // A learner at the organization is no contact person either (contracts' mayBeOrganizationContact).
    const volunteer = await userWith(h, 'volunteer', admin.organizationId, 'NonProfit');
    for (const who of [elsewhere, volunteer]) {
      const refused = await create(admin, { contact_person_id: who.id });
      expectStatus(refused, 422, 'person_not_in_organization');
      expect(refused.json().errors[0].source).toEqual({ pointer: '/data/attributes/contact_person_id' });
    }
    const colleague = await userWith(h, 'mentor', admin.organizationId, 'NonProfit');
    await announceUser(h, colleague, 'Carla', 'Contact');
    await announceUser(h, volunteer, 'Vera', 'Vrijwilliger');
    await announceUser(h, admin, 'Anne', 'Admin');
    const res = await create(admin, { contact_person_id: colleague.id });
    expectStatus(res, 201);
    const id = res.json().data.id as string;
    expect(res.json().data.attributes.contact_person_id).toBe(colleague.id);
    expectStatus(
      await patch(id, admin, { contact_person_id: elsewhere.id }),
      422,
      'person_not_in_organization',
    );
    expect((await get(id, admin)).json().data.attributes.contact_person_id).toBe(colleague.id);

    // The editors' picker: the organization's people the rule allows, by name, as for internships.
    const people = (user: TUser | null) =>
      call(h.app, {
        method: 'GET',
        url: `/api/v1/vacancies/${id}/people`,
        headers: user?.headers ?? { 'x-tenant': 'demo' },
      });
    await eventually(async () => {
      const doc = (await people(admin)).json();
      expect(doc.data.map((p: { id: string }) => p.id)).toEqual([admin.id, colleague.id]);
    });
    const doc = (await people(admin)).json();
    expect(doc.meta).toMatchObject({ total: 2 });
    expect(doc.data[1]).toMatchObject({
      type: 'user',
      attributes: {
        first_name: 'Carla',
        last_name: 'Contact',
        roles: [{ name: 'mentor', resource_id: admin.organizationId }],
      },
    });
    // Only its managers: who cannot read the draft does not learn of it; once published, a reader
    // who does not manage it is refused.
    expectStatus(await people(colleague), 404);
    expectStatus(await people(await adminOf(h, 'NonProfit')), 404);
    expectStatus(await people(null), 401);
    expectStatus(await act(id, admin, 'publish'), 200);
    expectStatus(await people(colleague), 403);
    expectStatus(await people(await adminOf(h, 'NonProfit')), 403);
  });

  it('the kinds follow the tenant: a social-internship tenant offers volunteer work', async () => {
    const admin = await adminOf(h, 'NonProfit', 'approved', 'stageplein');
    const res = await create(admin, { kind: 'volunteer' });
    expectStatus(res, 201);
    expectStatus(await create(admin, { kind: 'traineeship' }), 422, 'vacancy_kind_unavailable');
    expect((await create(admin, {})).json().data.attributes.kind).toBe('internship');
  });
});

describe('vacancies: ownership', () => {
  it('only admins of the vacancy’s own organization manage it', async () => {
    const admin = await adminOf(h, 'NonProfit');
    const other = await adminOf(h, 'NonProfit');
    const mentor = await userWith(h, 'mentor', admin.organizationId, 'NonProfit');
    const id = await draftOf(admin);

    expectStatus(await create(null, {}), 401);
    expectStatus(await create(mentor, {}), 403, 'forbidden');
    expectStatus(await create(other, { organization_id: admin.organizationId }), 403, 'forbidden');
    // A draft is not even visible to them …
    expectStatus(await patch(id, other, { title: 'Overgenomen' }), 404);
    expectStatus(await remove(id, other), 404);
    expectStatus(await get(id, mentor), 404);
    // … a published one is, but still not theirs to change.
    expectStatus(await act(id, admin, 'publish'), 200);
    expectStatus(await patch(id, other, { title: 'Overgenomen' }), 403, 'forbidden');
    expectStatus(await act(id, other, 'close'), 403, 'forbidden');
    expectStatus(await act(id, mentor, 'archive'), 403, 'forbidden');
    expectStatus(await patch(id, admin, { organization_id: other.organizationId }), 422, 'validation_failed');
    expect((await get(id, null)).json().data.attributes.title).toBe('Tuinhulp');
  });
});

describe('vacancies: lifecycle and visibility', () => {
  it('draft → published → closed → published → archived; the public sees only published ones', async () => {
    const admin = await adminOf(h, 'Provider');
    const id = await draftOf(admin);
    expectStatus(await get(id, null), 404);

    const published = await act(id, admin, 'publish');
    expectStatus(published, 200);
    expect(published.json().data.attributes.status).toBe('published');
    expect(published.json().data.attributes.published_at).toBeTruthy();
    const publicView = await get(id, null);
    expectStatus(publicView, 200);
    expect(publicView.headers['cache-control']).toBe('private, no-store');
    expectStatus(await act(id, admin, 'publish'), 409, 'invalid_vacancy_action');
    expectStatus(await remove(id, admin), 409, 'vacancy_not_deletable');

    expectStatus(await act(id, admin, 'close'), 200);
    expectStatus(await get(id, null), 404);
    expectStatus(await get(id, admin), 200);
    expectStatus(await act(id, admin, 'publish'), 200);
    expectStatus(await act(id, admin, 'archive'), 200);
    expectStatus(await get(id, null), 404);
    expectStatus(await patch(id, admin, { title: 'Weer open' }), 409, 'vacancy_not_editable');
    expectStatus(await act(id, admin, 'publish'), 409, 'invalid_vacancy_action');
    expectStatus(await act(id, admin, 'close'), 409, 'invalid_vacancy_action');

    const events = (
      await sql<{ type: string }>`select type from placements.outbox where aggregate_id = ${id}
      order by seq`.execute(h.owner)
    ).rows.map((r) => r.type);
    expect(events).toEqual([
      'placements.vacancy.created',
      'placements.vacancy.published',
      'placements.vacancy.closed',
      'placements.vacancy.published',
      'placements.vacancy.archived',
    ]);
    expect((await auditOf(h, id)).map((a) => a.action)).toEqual(
      events.map((t) => t.slice('placements.'.length)),
    );
  });

  it('only approved organizations publish; a pending one writes drafts', async () => {
    const pending = await adminOf(h, 'NonProfit', 'pending');
    const id = await draftOf(pending);
    expectStatus(await act(id, pending, 'publish'), 403, 'organization_not_approved');
    expect(await outboxEvents(h, 'placements.vacancy.published', id)).toEqual([]);
    // Approved later (organizations' event): now it publishes.
    await deliver(h, 'organizations.organization.approved', pending.organizationId, {
      organization_id: pending.organizationId,
      organization_type: 'NonProfit',
      name: 'Goedgekeurd',
      status: 'approved',
      website: null,
      city: null,
      parent_id: null,
      from_status: 'pending',
      reason: null,
    });
    await eventually(async () => expectStatus(await act(id, pending, 'publish'), 200));
    expect((await get(id, null)).json().data.attributes.organization_name).toBe('Goedgekeurd');
  });
});

describe('vacancies: moderation', () => {
  it('school and volunteer-centre admins hide with a reason and unhide; the reason is theirs and the owner’s', async () => {
    const admin = await adminOf(h, 'NonProfit');
    const school = await adminOf(h, 'School');
    const center = await adminOf(h, 'VolunteerCenter');
    const bystander = await adminOf(h, 'Provider');
    const id = await draftOf(admin);
    // Moderators see drafts too (to review them).
    expectStatus(await get(id, school), 200);
    expectStatus(await act(id, admin, 'publish'), 200);

    expectStatus(await act(id, bystander, 'hide', 'Nee'), 403, 'forbidden');
    expectStatus(await act(id, admin, 'hide', 'Zelf'), 403, 'forbidden');
    expectStatus(await act(id, school, 'hide'), 422, 'validation_failed');
    expectStatus(await act(id, school, 'hide', ''), 422, 'validation_failed');
    const hidden = await act(id, school, 'hide', 'Onjuiste contactgegevens');
    expectStatus(hidden, 200);
    expect(hidden.json().data.attributes).toMatchObject({ hidden: true, status: 'published' });
    expectStatus(await act(id, school, 'hide', 'Nogmaals'), 409, 'invalid_vacancy_action');

    expectStatus(await get(id, null), 404);
    expectStatus(await get(id, bystander), 404);
    expect((await get(id, admin)).json().data.attributes.hidden_reason).toBe('Onjuiste contactgegevens');
    expect((await get(id, center)).json().data.attributes.hidden_reason).toBe('Onjuiste contactgegevens');

    const [event] = await outboxEvents(h, 'placements.vacancy.hidden', id);
    expect(event!.data).toMatchObject({ hidden: true, reason: 'Onjuiste contactgegevens' });
    expect(event!.actor).toBe(school.id);

    expectStatus(await act(id, center, 'unhide'), 200);
    const shown = await get(id, null);
    expectStatus(shown, 200);
    expect(shown.json().data.attributes).toMatchObject({ hidden: false, hidden_reason: null });
    expect((await auditOf(h, id)).map((a) => [a.action, a.actor_id])).toEqual([
      ['vacancy.created', admin.id],
      ['vacancy.published', admin.id],
      ['vacancy.hidden', school.id],
      ['vacancy.unhidden', center.id],
    ]);
  });

  it('a pending school’s admin does not moderate', async () => {
    const admin = await adminOf(h, 'NonProfit');
    const pendingSchool = await adminOf(h, 'School', 'pending');
    const id = await draftOf(admin);
    expectStatus(await act(id, admin, 'publish'), 200);
    expectStatus(await act(id, pendingSchool, 'hide', 'Nee'), 403, 'forbidden');
  });
});

describe('vacancies: tenants', () => {
  it('a vacancy of one tenant does not exist in another, through the API or the app role', async () => {
    const admin = await adminOf(h, 'NonProfit');
    const id = await draftOf(admin);
    expectStatus(await act(id, admin, 'publish'), 200);
    expectStatus(await get(id, null, 'demo'), 200);
    expectStatus(await get(id, null, 'raayland'), 404);
    const foreignSchool = await adminOf(h, 'School', 'approved', 'raayland');
    expectStatus(await act(id, foreignSchool, 'hide', 'Andere tenant'), 404);

    const seen = (tenant: string) =>
      h.deps.db.transaction().execute(async (trx) => {
        await sql`select set_config('app.tenant_id', ${tenant}, true)`.execute(trx);
        return (await sql`select id from placements.vacancies where id = ${id}`.execute(trx)).rows.length;
      });
    expect(await seen('demo')).toBe(1);
    expect(await seen('raayland')).toBe(0);
    await expect(
      h.deps.db.transaction().execute(async (trx) => {
        await sql`select set_config('app.tenant_id', 'raayland', true)`.execute(trx);
        await sql`update placements.vacancies set tenant_id = 'raayland' where id = ${id}`.execute(trx);
        return (await sql`select id from placements.vacancies where id = ${id}`.execute(trx)).rows.length;
      }),
    ).resolves.toBe(0);
  });
});

describe('read models', () => {
  it('keeps identity’s users (the contact person) and organizations’ snapshots, ignoring stale events', async () => {
    const userId = '7f1e2a4c-0000-4000-8000-000000000001';
    const user = {
      user_id: userId,
      email: 'femke@example.nl',
      first_name: 'Femke',
      last_name: 'de Vries',
      gender: null,
      status: 'active' as const,
      locale: 'nl' as const,
      periodic_mail_frequency: 'never' as const,
    };
    await deliver(h, 'identity.user.created', userId, user);
    await eventually(async () => {
      const { rows } = await sql`select first_name from placements.users where id = ${userId}`.execute(
        h.owner,
      );
      expect(rows).toEqual([{ first_name: 'Femke' }]);
    });
    await deliver(h, 'identity.user.deleted', userId, { user_id: userId });
    await eventually(async () => {
      const { rows } = await sql`select deleted, email from placements.users where id = ${userId}`.execute(
        h.owner,
      );
      expect(rows).toEqual([{ deleted: true, email: '' }]);
    });

    const orgId = await organization(h, 'Provider', 'approved');
    await deliver(h, 'organizations.organization.deleted', orgId, {
      organization_id: orgId,
      organization_type: 'Provider',
      name: 'Weg',
      status: 'archived',
      website: null,
      city: null,
      parent_id: null,
    });
    await eventually(async () => {
      const { rows } = await sql`select deleted from placements.organizations where id = ${orgId}`.execute(
        h.owner,
      );
      expect(rows).toEqual([{ deleted: true }]);
    });
  });
});

describe('seeds', () => {
  it('every tenant has published vacancies in real towns of its region, each at its own town, and drafts', async () => {
    const { rows } = await sql<{ tenant_id: string; status: string; n: number }>`
      select tenant_id, status, count(*)::int as n
      from placements.vacancies where created_by is null group by tenant_id, status`.execute(h.owner);
    for (const tenant of TENANT_LIST) {
      const mine = rows.filter((r) => r.tenant_id === tenant.id);
      expect(mine.find((r) => r.status === 'published')?.n, tenant.id).toBeGreaterThanOrEqual(8);
      expect(mine.find((r) => r.status === 'draft')?.n, tenant.id).toBeGreaterThanOrEqual(2);
      const { rows: coords } = await sql<{ latitude: number; longitude: number; city: string }>`
        select latitude, longitude, city from placements.vacancies
        where tenant_id = ${tenant.id} and created_by is null`.execute(h.owner);
      const km = (a: { lat: number; lng: number }, b: { latitude: number; longitude: number }) =>
        Math.hypot(
          (b.latitude - a.lat) * 111,
          (b.longitude - a.lng) * 111 * Math.cos((a.lat * Math.PI) / 180),
        );
      for (const c of coords) {
        // In the region the bank's map opens on (zoom 9: some 150 km across; oldebroek's School and
        // organizations sit in Oldebroek, 55 km from the spec's default centre) …
        expect(km(tenant.mapCenter, c), `${tenant.id} ${c.city}`).toBeLessThan(75);
        // … and at the town it names, where a search near that town looks (issue #30 item 8).
        expect(km(findPlace(c.city)!, c), `${tenant.id} ${c.city}`).toBeLessThan(1.5);
      }
    }
    // A seeded published vacancy is public, with its Dutch text rendered.
    const res = await get(seedVacancyId('demo', 0), null);
    expectStatus(res, 200);
    expect(res.json().data.attributes.description_html).toContain('<h2>Wat ga je doen?</h2>');
  });
});
