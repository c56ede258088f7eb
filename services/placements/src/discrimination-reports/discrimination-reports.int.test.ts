import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TTenantId } from '@stageplein/contracts/tenants/tenant.types';
import {
  adminOf,
  apply,
  auditOf,
  call,
  expectStatus,
  harness,
  outboxEvents,
  publishVacancy,
  schoolWorld,
  userWith,
  type THarness,
  type TSchoolWorld,
  type TUser,
} from '../../test/harness.ts';

/**
 * Discrimination reports (docs/decisions/discrimination-reports.md): the student's report of a declined
 * application (once), the school admins' handling, the pause honoured by the search bank, applying and
 * the organization's view, and nothing of it for anyone else (another school, the organization, a mentor,
 * another tenant).
 */
let h: THarness;
beforeAll(async () => {
  h = await harness();
}, 120_000);
afterAll(async () => {
  await h?.close();
});

interface TWorld extends TSchoolWorld {
  otherVacancyId: string;
  internshipId: string;
  otherSchoolStudent: TUser;
}

/** The harness's schoolWorld, the company with a second vacancy; the student applied and was declined. */
async function world(tenant: TTenantId = 'demo'): Promise<TWorld> {
  const w = await schoolWorld(h, tenant);
  const otherVacancyId = await publishVacancy(h, w.company);
  const applied = await apply(h, w.student, w.vacancyId);
  expectStatus(applied, 201);
  const internshipId = applied.json().data.id as string;
  expectStatus(
    await call(h.app, {
      method: 'POST',
      url: `/api/v1/internships/${internshipId}/decline`,
      headers: w.company.headers,
    }),
    200,
  );
  const otherSchoolStudent = await userWith(h, 'student', w.otherSchool.organizationId, 'School', tenant);
  return { ...w, otherVacancyId, internshipId, otherSchoolStudent };
}

const report = (user: TUser, attributes: Record<string, unknown>) =>
  call(h.app, {
    method: 'POST',
    url: '/api/v1/discrimination_reports',
    headers: user.headers,
    payload: { data: { type: 'discrimination_report', attributes } },
  });
const get = (user: TUser | null, url: string) =>
  call(h.app, { method: 'GET', url, headers: user?.headers ?? {} });
const post = (user: TUser, url: string, payload?: unknown) =>
  call(h.app, { method: 'POST', url, headers: user.headers, ...(payload ? { payload } : {}) });
const pause = (user: TUser, organizationId: string, method: 'POST' | 'DELETE' = 'POST') =>
  call(h.app, {
    method,
    url: `/api/v1/discrimination_reports/organizations/${organizationId}/pause`,
    headers: user.headers,
  });
const contact = (user: TUser, id: string, note: string) =>
  post(user, `/api/v1/discrimination_reports/${id}/contacts`, {
    data: { type: 'discrimination_report_contact', attributes: { note } },
  });
const close = (user: TUser, id: string, outcome: string) =>
  post(user, `/api/v1/discrimination_reports/${id}/close`, {
    data: { type: 'discrimination_report_close', attributes: { outcome, note: 'Besproken' } },
  });
/** The organization's vacancies a user finds in the bank (and on its map). */
const searchIds = async (user: TUser, organizationId: string) => {
  const res = await get(user, `/api/v1/vacancies?filter%5Borganization_id_eq%5D=${organizationId}`);
  expectStatus(res, 200);
  return (res.json().data as { id: string }[]).map((v) => v.id);
};
const markerIds = async (user: TUser, organizationId: string) => {
  const res = await get(user, `/api/v1/vacancies/markers?filter%5Borganization_id_eq%5D=${organizationId}`);
  expectStatus(res, 200);
  return (res.json().data as { id: string }[]).map((v) => v.id);
};

describe('a student reports a declined application', () => {
  it('once: the same report again, one event and one audit row; shown back without the school’s work', async () => {
    const w = await world();
    const first = await report(w.student, {
      internship_id: w.internshipId,
      grounds: ['origin', 'religion'],
      description: 'Ze vroegen naar mijn geloof.',
    });
    expectStatus(first, 201);
    const id = first.json().data.id as string;
    expect(first.json().data.attributes).toMatchObject({
      internship_id: w.internshipId,
      organization_id: w.company.organizationId,
      grounds: ['origin', 'religion'],
      description: 'Ze vroegen naar mijn geloof.',
      status: 'open',
      reporter: null,
      organization_paused: null,
      actions: [],
    });
    const again = await report(w.student, { internship_id: w.internshipId, grounds: ['age'] });
    expectStatus(again, 200);
    expect(again.json().data).toMatchObject({ id, attributes: { grounds: ['origin', 'religion'] } });
    expect(await outboxEvents(h, 'placements.discrimination_report.filed', id)).toHaveLength(1);
    expect(await auditOf(h, id)).toEqual([
      { action: 'discrimination_report.filed', actor_id: w.student.id, tenant_id: 'demo' },
    ]);
    const own = await get(
      w.student,
      `/api/v1/discrimination_reports?filter[internship_id]=${w.internshipId}`,
    );
    expectStatus(own, 200);
    expect(own.json().data.map((r: { id: string }) => r.id)).toEqual([id]);
    expectStatus(await get(w.student, `/api/v1/discrimination_reports/${id}`), 200);
    // Another student of the same school neither sees nor reads it.
    expect((await get(w.otherStudent, '/api/v1/discrimination_reports')).json().data).toEqual([]);
    expectStatus(await get(w.otherStudent, `/api/v1/discrimination_reports/${id}`), 404, 'not_found');
  });

  it('only about their own declined application; bad input changes nothing', async () => {
    const w = await world();
    const open = await apply(h, w.student, w.otherVacancyId);
    expectStatus(open, 201);
    const openId = open.json().data.id as string;
    expectStatus(
      await report(w.student, { internship_id: openId, grounds: ['age'] }),
      409,
      'report_not_possible',
    );
    expectStatus(
      await report(w.otherStudent, { internship_id: w.internshipId, grounds: ['age'] }),
      404,
      'not_found',
    );
    expectStatus(await report(w.student, { internship_id: w.internshipId, grounds: [] }), 422);
    expectStatus(await report(w.student, { internship_id: w.internshipId, grounds: ['hair'] }), 422);
    for (const who of [w.school, w.mentor, w.company])
      expectStatus(await report(who, { internship_id: w.internshipId, grounds: ['age'] }), 403, 'forbidden');
    const anonymous = await call(h.app, {
      method: 'POST',
      url: '/api/v1/discrimination_reports',
      payload: {
        data: {
          type: 'discrimination_report',
          attributes: { internship_id: w.internshipId, grounds: ['age'] },
        },
      },
    });
    expectStatus(anonymous, 401);
    const { rows } =
      await sql`select 1 from placements.discrimination_reports where internship_id in (${w.internshipId}, ${openId})`.execute(
        h.owner,
      );
    expect(rows).toHaveLength(0);
  });

  it('in English: the refusal’s text in the caller’s language', async () => {
    const w = await world();
    const open = await apply(h, w.student, w.otherVacancyId);
    const res = await call(h.app, {
      method: 'POST',
      url: '/api/v1/discrimination_reports',
      headers: { ...w.student.headers, 'accept-language': 'en' },
      payload: {
        data: {
          type: 'discrimination_report',
          attributes: { internship_id: open.json().data.id, grounds: ['age'] },
        },
      },
    });
    expectStatus(res, 409, 'report_not_possible');
    expect(res.json().errors[0].title).toBe('Report not possible');
    const nl = await report(w.student, { internship_id: open.json().data.id, grounds: ['age'] });
    expect(nl.json().errors[0].title).toBe('Melding niet mogelijk');
  });
});

describe('the school handles reports', () => {
  it('sees them per organization with the reporter, records contact, pauses, lifts and closes: all audit-logged', async () => {
    const w = await world();
    const id = (await report(w.student, { internship_id: w.internshipId, grounds: ['disability'] })).json()
      .data.id as string;

    const perOrganization = await get(w.school, '/api/v1/discrimination_reports/organizations');
    expectStatus(perOrganization, 200);
    expect(perOrganization.json().data).toEqual([
      {
        type: 'discrimination_report_organization',
        id: w.company.organizationId,
        attributes: expect.objectContaining({
          report_count: 1,
          open_count: 1,
          paused: false,
          paused_at: null,
        }),
      },
    ]);
    const list = await get(
      w.school,
      `/api/v1/discrimination_reports?filter[organization_id]=${w.company.organizationId}`,
    );
    expect(list.json().data).toHaveLength(1);
    expect(list.json().data[0].attributes.reporter).toMatchObject({ id: w.student.id, name: 'Sam Student' });

    const contacted = await contact(w.school, id, 'Gebeld met de praktijkopleider.');
    expectStatus(contacted, 200);
    expect(contacted.json().data.attributes.actions).toEqual([
      expect.objectContaining({ action: 'contact', note: 'Gebeld met de praktijkopleider.' }),
    ]);
    expectStatus(await contact(w.school, id, '   '), 422);

    // The pause: the school's students no longer find or apply to the organization's vacancies.
    expect(await searchIds(w.otherStudent, w.company.organizationId)).toContain(w.otherVacancyId);
    const paused = await pause(w.school, w.company.organizationId);
    expectStatus(paused, 200);
    expect(paused.json().data.attributes).toMatchObject({ paused: true, report_count: 1 });
    expectStatus(await pause(w.school, w.company.organizationId), 200);
    expect(
      await outboxEvents(h, 'placements.organization_pause.started', w.company.organizationId),
    ).toHaveLength(1);
    expect(await searchIds(w.otherStudent, w.company.organizationId)).not.toContain(w.otherVacancyId);
    expect(await markerIds(w.otherStudent, w.company.organizationId)).not.toContain(w.otherVacancyId);
    expectStatus(await apply(h, w.otherStudent, w.otherVacancyId), 409, 'vacancy_not_for_school');
    // Another school's students and the organization itself are not affected.
    expect(await searchIds(w.otherSchoolStudent, w.company.organizationId)).toContain(w.otherVacancyId);
    expect(await markerIds(w.otherSchoolStudent, w.company.organizationId)).toContain(w.otherVacancyId);
    expectStatus(await apply(h, w.otherSchoolStudent, w.otherVacancyId), 201);
    expect(await searchIds(w.company, w.company.organizationId)).toContain(w.otherVacancyId);

    // The organization's view: not shown to that school's students, and no word of a report.
    const view = await get(w.company, '/api/v1/analytics/organization');
    expectStatus(view, 200);
    expect(view.json().data.attributes.not_shown_to_schools).toEqual([
      { id: w.schoolId, name: expect.stringContaining('School') },
    ]);
    expect(JSON.stringify(view.json())).not.toMatch(/report|discrimin|melding/i);

    const lifted = await pause(w.school, w.company.organizationId, 'DELETE');
    expectStatus(lifted, 200);
    expect(lifted.json().data.attributes.paused).toBe(false);
    expect(await searchIds(w.otherStudent, w.company.organizationId)).toContain(w.otherVacancyId);
    expect(
      (await get(w.company, '/api/v1/analytics/organization')).json().data.attributes.not_shown_to_schools,
    ).toEqual([]);

    const closed = await close(w.school, id, 'settled');
    expectStatus(closed, 200);
    expect(closed.json().data.attributes).toMatchObject({ status: 'closed', outcome: 'settled' });
    expect(closed.json().data.attributes.actions.map((a: { action: string }) => a.action)).toEqual([
      'contact',
      'pause',
      'unpause',
      'close',
    ]);
    expectStatus(await contact(w.school, id, 'Nog iets'), 409, 'report_closed');
    expectStatus(await close(w.school, id, 'other'), 409, 'report_closed');
    expect(
      (await get(w.student, `/api/v1/discrimination_reports/${id}`)).json().data.attributes,
    ).toMatchObject({
      status: 'closed',
      reporter: null,
      actions: [],
    });

    expect((await auditOf(h, id)).map((a) => [a.action, a.actor_id])).toEqual([
      ['discrimination_report.filed', w.student.id],
      ['discrimination_report.contact_recorded', w.school.id],
      ['discrimination_report.closed', w.school.id],
    ]);
    expect((await auditOf(h, w.company.organizationId)).map((a) => [a.action, a.actor_id])).toEqual([
      ['organization_pause.started', w.school.id],
      ['organization_pause.lifted', w.school.id],
    ]);
  });

  it('nobody else: another school, a mentor, the organization, another tenant', async () => {
    const w = await world();
    const id = (await report(w.student, { internship_id: w.internshipId, grounds: ['gender'] })).json().data
      .id as string;
    const foreignSchool = await adminOf(h, 'School', 'approved', 'oldebroek');
    for (const outsider of [w.otherSchool, foreignSchool]) {
      expectStatus(await get(outsider, `/api/v1/discrimination_reports/${id}`), 404, 'not_found');
      expect((await get(outsider, '/api/v1/discrimination_reports')).json().data).toEqual([]);
      expect((await get(outsider, '/api/v1/discrimination_reports/organizations')).json().data).toEqual([]);
      expectStatus(await contact(outsider, id, 'x'), 404, 'not_found');
      expectStatus(await close(outsider, id, 'settled'), 404, 'not_found');
      expectStatus(await pause(outsider, w.company.organizationId), 404, 'not_found');
    }
    for (const refused of [w.mentor, w.company]) {
      expectStatus(await get(refused, '/api/v1/discrimination_reports'), 403, 'forbidden');
      expectStatus(await get(refused, `/api/v1/discrimination_reports/${id}`), 404, 'not_found');
      expectStatus(await get(refused, '/api/v1/discrimination_reports/organizations'), 403, 'forbidden');
      expectStatus(await contact(refused, id, 'x'), 403, 'forbidden');
      expectStatus(await pause(refused, w.company.organizationId), 403, 'forbidden');
    }
    expectStatus(await get(null, '/api/v1/discrimination_reports'), 401);
    // A pause only about an organization the school has a report about.
    const unrelated = await adminOf(h, 'Provider');
    expectStatus(await pause(w.school, unrelated.organizationId), 404, 'not_found');
    const { rows } = await sql`select 1 from placements.organization_pauses`.execute(h.owner);
    expect(rows).toHaveLength(0);
  });
});
