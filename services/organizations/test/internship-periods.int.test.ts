import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { inScopePeriods, type TPeriodRef } from '@stageplein/contracts/organizations/internship-periods';
import {
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
let admin: TUser;
let mentor: TUser;
let student: TUser;
let provider: TUser;
let otherAdmin: TUser;
let otherSchool: string;
const SCHOOL = () => seedOrg('school');

const post = (user: TUser, attributes: Record<string, unknown>) =>
  call(h.app, {
    method: 'POST',
    url: '/api/v1/internship_periods',
    headers: user.as(),
    payload: { data: { type: 'internship_period', attributes } },
  });
const patch = (user: TUser, id: string, attributes: Record<string, unknown>) =>
  call(h.app, {
    method: 'PATCH',
    url: `/api/v1/internship_periods/${id}`,
    headers: user.as(),
    payload: { data: { type: 'internship_period', id, attributes } },
  });

beforeAll(async () => {
  h = await harness();
  admin = await userWith(h, [['admin', SCHOOL(), 'School']]);
  mentor = await userWith(h, [['mentor', SCHOOL(), 'School']]);
  student = await userWith(h, [['student', SCHOOL(), 'School']]);
  provider = await userWith(h, [['admin', seedOrg('provider'), 'Provider']]);
  otherSchool = await makeOrganization(h, { type: 'School', status: 'approved' });
  otherAdmin = await userWith(h, [['admin', otherSchool, 'School']]);
  // Besides the seeds (two active periods this school year, one next): an archived one of ours, one of
  // the previous year, and an active and an archived one of another school.
  const archived = await post(admin, {
    name: 'Zomerstage',
    start_date: '2026-08-03',
    end_date: '2026-08-28',
  });
  expect(archived.statusCode, archived.body).toBe(201);
  expect((await patch(admin, archived.json().data.id, { status: 'archived' })).statusCode).toBe(200);
  expect(
    (await post(admin, { name: 'Vorig jaar', start_date: '2025-10-01', end_date: '2025-12-01' })).statusCode,
  ).toBe(201);
  expect(
    (await post(otherAdmin, { name: 'Andere school', start_date: '2026-10-01', end_date: '2026-12-20' }))
      .statusCode,
  ).toBe(201);
  expect(
    (
      await post(otherAdmin, {
        name: 'Andere school archief',
        start_date: '2027-03-01',
        end_date: '2027-04-01',
        status: 'archived',
      })
    ).statusCode,
  ).toBe(201);
});
afterAll(async () => h?.close());

const listNames = async (user: TUser, query = '') => {
  const res = await call(h.app, { url: `/api/v1/internship_periods${query}`, headers: user.as() });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.map((p: { attributes: { name: string } }) => p.attributes.name);
};

describe('GET /api/v1/internship_periods: the in-scope rule of spec §4', () => {
  it('matches contracts’ inScopePeriods for every kind of user', async () => {
    const { rows } = await sql<{
      id: string;
      name: string;
      status: string;
      school_id: string;
      school_year_id: string;
      start_date: string;
      end_date: string;
    }>`
      select id, name, status, school_id, school_year_id, start_date::text, end_date::text from organizations.internship_periods where tenant_id = 'demo'`.execute(
      h.owner,
    );
    const all: TPeriodRef[] = rows.map((r) => ({
      id: r.id,
      name: r.name,
      status: r.status,
      schoolId: r.school_id,
      schoolYearId: r.school_year_id,
      startDate: r.start_date,
      endDate: r.end_date,
    }));
    const years = (await call(h.app, { url: '/api/v1/school_years', headers: admin.as() }))
      .json()
      .data.map((y: { id: string; attributes: { is_current: boolean; is_next: boolean } }) => ({
        id: y.id,
        isCurrent: y.attributes.is_current,
        isNext: y.attributes.is_next,
      }));
    const expected = (schoolId: string | null) =>
      inScopePeriods(all, { schoolYears: years, schoolId }).map((p) => p.name);

    expect(await listNames(admin)).toEqual(expected(SCHOOL()));
    expect(await listNames(student)).toEqual(expected(SCHOOL()));
    expect(await listNames(provider)).toEqual(expected(null));
    expect(await listNames(otherAdmin)).toEqual(expected(otherSchool));
    // And what that means, written out:
    expect(await listNames(admin)).toEqual([
      'Zomerstage',
      'Stageperiode 1 2026-2027',
      'Stageperiode 2 2026-2027',
      'Stageperiode 1 2027-2028',
    ]);
    expect(await listNames(provider)).toEqual([
      'Stageperiode 1 2026-2027',
      'Andere school',
      'Stageperiode 2 2026-2027',
      'Stageperiode 1 2027-2028',
    ]);
  });

  it('filters, and every year of their school for its admins only', async () => {
    expect(await listNames(provider, `?filter[school_id_eq]=${otherSchool}`)).toEqual(['Andere school']);
    expect(await listNames(admin, '?filter[status_eq]=archived')).toEqual(['Zomerstage']);
    expect(await listNames(admin, '?filter[all_years]=true')).toContain('Vorig jaar');
    expectError(
      await call(h.app, { url: '/api/v1/internship_periods?filter[all_years]=true', headers: mentor.as() }),
      403,
      'forbidden',
    );
    expectError(
      await call(h.app, { url: '/api/v1/internship_periods?filter[school_id_eq]=x', headers: admin.as() }),
      400,
      'bad_request',
    );
    expectError(
      await call(h.app, { url: '/api/v1/internship_periods', headers: { 'x-tenant': 'demo' } }),
      401,
      'unauthorized',
    );
  });

  it('shows one period within the same rule (archived ones only to their school)', async () => {
    const archived = (
      await call(h.app, {
        url: '/api/v1/internship_periods?filter[status_eq]=archived',
        headers: otherAdmin.as(),
      })
    ).json().data[0].id;
    expect(
      (await call(h.app, { url: `/api/v1/internship_periods/${archived}`, headers: otherAdmin.as() }))
        .statusCode,
    ).toBe(200);
    expectError(
      await call(h.app, { url: `/api/v1/internship_periods/${archived}`, headers: admin.as() }),
      404,
      'not_found',
    );
  });
});

describe('GET /api/v1/internship_periods/current', () => {
  const current = async (user: TUser) =>
    (await call(h.app, { url: '/api/v1/internship_periods/current', headers: user.as() })).json().data;

  it('for a student: the server’s current period of their school (running on 2026-11-21)', async () => {
    expect((await current(student)).attributes.name).toBe('Stageperiode 1 2026-2027');
  });

  it('for anyone else: the first in-scope period', async () => {
    expect((await current(admin)).attributes.name).toBe('Zomerstage');
    expect((await current(provider)).attributes.name).toBe('Stageperiode 1 2026-2027');
  });

  it('answers data null when there is none', async () => {
    const empty = await makeOrganization(h, { type: 'School', status: 'approved' });
    const lonely = await userWith(h, [['student', empty, 'School']]);
    expect(await current(lonely)).toBeNull();
  });
});

describe('creating, editing and archiving', () => {
  it('by the school’s admins, within one school year, with events', async () => {
    const res = await post(admin, { name: 'Voorjaar', start_date: '2027-03-01', end_date: '2027-05-01' });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().data.id;
    expect(res.json().data.attributes).toMatchObject({
      status: 'active',
      school_id: SCHOOL(),
      start_date: '2027-03-01',
    });
    expect(await outboxEvents(h, 'organizations.internship_period.created', id)).toHaveLength(1);
    expect((await patch(admin, id, { end_date: '2027-05-15' })).json().data.attributes.end_date).toBe(
      '2027-05-15',
    );
    expect((await patch(admin, id, { status: 'archived' })).json().data.attributes.status).toBe('archived');
    expect(await outboxEvents(h, 'organizations.internship_period.archived', id)).toHaveLength(1);
    expect(await outboxEvents(h, 'organizations.internship_period.updated', id)).toHaveLength(1);
    expectError(await patch(otherAdmin, id, { name: 'Overgenomen' }), 404, 'not_found');
    expectError(await patch(mentor, id, { name: 'Overgenomen' }), 403, 'forbidden');
  });

  it('refuses reversed dates and dates outside the school year, in the caller’s language', async () => {
    expectError(
      await post(admin, { name: 'Omgekeerd', start_date: '2027-03-01', end_date: '2027-02-01' }),
      422,
      'invalid_date_range',
    );
    const outside = await call(h.app, {
      method: 'POST',
      url: '/api/v1/internship_periods',
      headers: { ...admin.as(), 'accept-language': 'en' },
      payload: {
        data: {
          type: 'internship_period',
          attributes: { name: 'Te lang', start_date: '2027-06-01', end_date: '2027-09-01' },
        },
      },
    });
    expectError(outside, 422, 'period_outside_school_year');
    expect(outside.json().errors[0].detail).toBe('The period must fall within the school year 2026-2027.');
    expectError(
      await post(admin, { name: 'Ver weg', start_date: '2035-03-01', end_date: '2035-04-01' }),
      422,
      'validation_failed',
    );
    expectError(
      await post(admin, { name: 'Geen datum', start_date: '1 maart', end_date: '2027-04-01' }),
      422,
      'validation_failed',
    );
    expectError(
      await post(mentor, { name: 'Mentor', start_date: '2027-03-01', end_date: '2027-04-01' }),
      403,
      'forbidden',
    );
    expectError(
      await post(admin, {
        name: 'Elders',
        start_date: '2027-03-01',
        end_date: '2027-04-01',
        school_id: otherSchool,
      }),
      403,
      'forbidden',
    );
  });
});
