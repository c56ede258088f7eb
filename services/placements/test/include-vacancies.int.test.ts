import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedOrganizationId } from '@stageplein/contracts/domain/seed-ids';
import { organizationsService } from '@stageplein/organizations';
import { seedVacancyId } from '../src/vacancies/vacancies.seed.ts';
import { call, eventually, expectStatus, harness, userWith, type THarness, type TUser } from './harness.ts';

let h: THarness;
beforeAll(async () => {
  h = await harness([organizationsService]);
}, 120_000);
afterAll(async () => {
  await h?.close();
});

type TDoc = {
  data: { id: string; relationships: { vacancies?: { data: { type: string; id: string }[] } } }[];
  included?: { type: string; id: string; attributes: Record<string, unknown> }[];
};

const organizationsWithVacancies = async (query = '') => {
  const res = await call(h.app, {
    url: `/api/v1/organizations?include=vacancies${query}`,
    headers: { 'x-tenant': 'demo' },
  });
  expectStatus(res, 200);
  return res.json() as TDoc;
};

const vacanciesOf = (doc: TDoc, organizationId: string) =>
  doc.data.find((o) => o.id === organizationId)?.relationships.vacancies?.data.map((v) => v.id) ?? [];

describe('GET /api/v1/organizations?include=vacancies (organizations’ read model of placements’ events)', () => {
  it('shows the seeded published vacancies, not the drafts or the closed one', async () => {
    const nonprofit = seedOrganizationId('demo', 'nonprofit');
    await eventually(async () => {
      const doc = await organizationsWithVacancies();
      const ids = vacanciesOf(doc, nonprofit);
      // The buurthuis's seeded vacancies: 0, 1, 4, 7, 9 published; 10 a draft.
      expect(new Set(ids)).toEqual(new Set([0, 1, 4, 7, 9].map((n) => seedVacancyId('demo', n))));
      const provider = vacanciesOf(doc, seedOrganizationId('demo', 'provider'));
      expect(provider).not.toContain(seedVacancyId('demo', 8)); // closed
      expect(provider).not.toContain(seedVacancyId('demo', 11)); // draft
      const first = doc.included!.find((r) => r.id === seedVacancyId('demo', 0))!;
      expect(first).toMatchObject({
        type: 'vacancy',
        attributes: { title: 'Gastvrouw of gastheer in het buurthuis' },
      });
    }, 30_000);
  });

  it('follows publish, hide, unhide and close, in the list and for one organization', async () => {
    // Seeded organizations: they exist in organizations itself (and reach placements by their events).
    const organizationId = seedOrganizationId('demo', 'provider');
    const admin = { ...(await userWith(h, 'admin', organizationId, 'Provider')), organizationId };
    const school = await userWith(h, 'admin', seedOrganizationId('demo', 'school'), 'School');
    const created = await call(h.app, {
      method: 'POST',
      url: '/api/v1/vacancies',
      headers: admin.headers,
      payload: { data: { type: 'vacancy', attributes: { title: 'Voorlezen in de bibliotheek' } } },
    });
    expectStatus(created, 201);
    const id = created.json().data.id as string;
    const one = async () => {
      const res = await call(h.app, {
        url: `/api/v1/organizations/${admin.organizationId}?include=vacancies`,
        headers: admin.headers,
      });
      expectStatus(res, 200);
      return (res.json().data.relationships.vacancies.data as { id: string }[]).map((v) => v.id);
    };
    const post = (action: string, user: TUser = admin, reason?: string) =>
      call(h.app, {
        method: 'POST',
        url: `/api/v1/vacancies/${id}/${action}`,
        headers: user.headers,
        ...(reason ? { payload: { data: { type: 'vacancy', attributes: { reason } } } } : {}),
      });

    const seeded = await one();
    expect(seeded).not.toContain(id);
    // The seeded organization is approved once its events reached placements.
    await eventually(async () => expectStatus(await post('publish'), 200));
    await eventually(async () => expect(await one()).toEqual([id, ...seeded]));
    expectStatus(await post('hide', school, 'Controleer de tekst'), 200);
    await eventually(async () => expect(await one()).toEqual(seeded));
    expectStatus(await post('unhide', school), 200);
    await eventually(async () => expect(await one()).toEqual([id, ...seeded]));
    expectStatus(await post('close'), 200);
    await eventually(async () => expect(await one()).toEqual(seeded));
  });
});
