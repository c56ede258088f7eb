import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  INTERNSHIP_ACTIONS,
  INTERNSHIP_INCLUDES,
  INTERNSHIP_STATUSES,
  INTERNSHIP_TRANSITIONS,
  type TInternshipAction,
  type TInternshipParty,
  type TInternshipStatus,
} from '@stageplein/contracts/placements/internships';
import { getTenant, TENANT_LIST } from '@stageplein/contracts/tenants/tenant-registry';
import type { TTenantId } from '@stageplein/contracts/tenants/tenant.types';
import { setTenant } from '@stageplein/kit/db/rls';
import type { TPlacementsDb } from '../src/database.ts';
import { createInternships } from '../src/internships/internships.service.ts';
import {
  adminOf,
  announceUser,
  apply,
  auditOf,
  call,
  deliver,
  eventually,
  expectStatus,
  organization,
  outboxEvents,
  publishVacancy,
  schoolWorld,
  userWith,
  type THarness,
  type TSchoolWorld,
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

// ---------------------------------------------------------------------------------------------
// A world per test: the harness's schoolWorld, the mentor being the student's; and the admin of
// another organization, a stranger like the other school's.
// ---------------------------------------------------------------------------------------------

interface TWorld extends TSchoolWorld {
  otherCompany: TUser;
}

async function world(tenant: TTenantId = 'demo', places = 3): Promise<TWorld> {
  const w = await schoolWorld(h, tenant, { places, mentorship: true });
  return { ...w, otherCompany: await adminOf(h, 'Provider', 'approved', tenant) };
}

const act = (id: string, user: TUser, action: string, reason?: string) =>
  call(h.app, {
    method: 'POST',
    url: `/api/v1/internships/${id}/${action}`,
    headers: user.headers,
    ...(reason !== undefined
      ? { payload: { data: { type: 'internship', id, attributes: { reason } } } }
      : {}),
  });

const get = (id: string, user: TUser, query = '') =>
  call(h.app, { method: 'GET', url: `/api/v1/internships/${id}${query}`, headers: user.headers });

const list = (user: TUser, query = '') =>
  call(h.app, { method: 'GET', url: `/api/v1/internships${query}`, headers: user.headers });

const patch = (id: string, user: TUser, attributes: Record<string, unknown>) =>
  call(h.app, {
    method: 'PATCH',
    url: `/api/v1/internships/${id}`,
    headers: user.headers,
    payload: { data: { type: 'internship', id, attributes } },
  });

/** An internship of the world's student in a given state (a fixture row, as if it got there). */
async function fixture(w: TWorld, status: TInternshipStatus, selfFound = false): Promise<string> {
  const { rows } = await sql<{ id: string }>`
    insert into placements.internships (tenant_id, student_id, school_id, organization_id, vacancy_id, title,
      contract_type, self_found, organization_name, updating_hours_allowed, status, created_at, updated_at)
    values (${w.tenant}, ${w.student.id}, ${w.schoolId}, ${w.company.organizationId},
      ${selfFound ? null : w.vacancyId}, 'Fixture', 'contract', ${selfFound}, 'Zorgcentrum', false,
      ${status}, now(), now())
    returning id`.execute(h.owner);
  return rows[0]!.id;
}

const ids = (res: { json(): { data: { id: string }[] } }) =>
  res
    .json()
    .data.map((d) => d.id)
    .sort();

// ---------------------------------------------------------------------------------------------

describe('internships: the life cycle through the API', () => {
  it('apply → accept → approve → activate → complete, each step an event, an audit row and a history row', async () => {
    const w = await world();
    const applied = await apply(h, w.student, w.vacancyId);
    expectStatus(applied, 201);
    const data = applied.json().data;
    expect(data.attributes).toMatchObject({
      title: 'Stage in de zorg',
      status: 'applied',
      self_found: false,
      // demo is a traineeship tenant: digital contracts, no hours to update.
      contract_type: 'contract',
      updating_hours_allowed: false,
      motivation: null,
    });
    expect(data.relationships.vacancy.data).toEqual({ type: 'vacancy', id: w.vacancyId });
    expect(data.relationships.current_phase.data).toBeNull();
    expect(data.meta.actions).toEqual(['withdraw']);
    const id = data.id as string;

    const steps: [TInternshipAction, TUser, TInternshipStatus][] = [
      ['accept', w.company, 'accepted'],
      ['approve', w.school, 'approved'],
      ['activate', w.company, 'active'],
      ['complete', w.school, 'completed'],
    ];
    for (const [action, user, status] of steps) {
      const res = await act(id, user, action);
      expectStatus(res, 200);
      expect(res.json().data.attributes.status).toBe(status);
    }
    const one = await get(id, w.school);
    expect(one.json().meta.status_history.map((c: { to_status: string }) => c.to_status)).toEqual([
      'applied',
      'accepted',
      'approved',
      'active',
      'completed',
    ]);
    expect(one.json().meta.status_history[1]).toMatchObject({
      from_status: 'applied',
      actor_id: w.company.id,
    });
    expect((await outboxEvents(h, 'placements.internship.created', id)).length).toBe(1);
    const accepted = await outboxEvents(h, 'placements.internship.accepted', id);
    expect(accepted[0]!.data).toMatchObject({ from_status: 'applied', status: 'accepted', reason: null });
    expect((await auditOf(h, id)).map((a) => a.action)).toEqual([
      'internship.created',
      'internship.accepted',
      'internship.approved',
      'internship.activated',
      'internship.completed',
    ]);
    // Final: nothing more to do or edit.
    expect(one.json().data.meta).toEqual({ actions: [], editable_fields: [] });
    expectStatus(await act(id, w.school, 'cancel', 'te laat'), 409, 'invalid_internship_action');
  });

  it('reasons: required to reject and cancel, kept as status_reason and in the event', async () => {
    const w = await world();
    const id = await fixture(w, 'accepted');
    expectStatus(await act(id, w.school, 'reject'), 422, 'reason_required');
    const res = await act(id, w.school, 'reject', 'Past niet bij de opleiding');
    expectStatus(res, 200);
    expect(res.json().data.attributes).toMatchObject({
      status: 'rejected',
      status_reason: 'Past niet bij de opleiding',
    });
    const [event] = await outboxEvents(h, 'placements.internship.rejected', id);
    expect(event!.data).toMatchObject({ reason: 'Past niet bij de opleiding', from_status: 'accepted' });
    // A step without a reason refuses one.
    const other = await fixture(w, 'applied');
    expectStatus(await act(other, w.company, 'accept', 'graag'), 422, 'validation_failed');
    // A malformed body is a 422 naming where, not a server error.
    for (const payload of [
      { data: { type: 'vacancy', attributes: {} } },
      { data: { type: 'internship', attributes: { reason: 7 } } },
      [],
    ]) {
      const res = await call(h.app, {
        method: 'POST',
        url: `/api/v1/internships/${other}/decline`,
        headers: w.company.headers,
        payload,
      });
      expectStatus(res, 422, 'validation_failed');
    }
    // Withdrawing needs none but keeps one.
    const withdrawn = await act(other, w.student, 'withdraw', 'Andere stage gevonden');
    expect(withdrawn.json().data.attributes.status_reason).toBe('Andere stage gevonden');
  });
});

describe('internships: role × transition × own/other organization', () => {
  const ROLES = [
    'student',
    'otherStudent',
    'mentor',
    'school',
    'otherSchool',
    'company',
    'otherCompany',
  ] as const;
  type TRole = (typeof ROLES)[number];
  // The party each role is for the world's internship (none: it is not theirs to see).
  const PARTY: Record<TRole, TInternshipParty | null> = {
    student: 'student',
    otherStudent: null,
    mentor: 'mentor',
    school: 'school',
    otherSchool: null,
    company: 'organization',
    otherCompany: null,
  };

  it('answers 200 for the parties the transition names, 403 for other parties, 404 for strangers', async () => {
    const w = await world();
    const cells: string[] = [];
    for (const action of INTERNSHIP_ACTIONS) {
      const { from, by } = INTERNSHIP_TRANSITIONS[action];
      for (const role of ROLES) {
        // Each cell its own internship in the first state the action leaves from.
        const id = await fixture(w, from[0]!, from[0] === 'submitted');
        const party = PARTY[role];
        const expected = party === null ? 404 : by.includes(party) ? 200 : 403;
        const res = await act(id, w[role], action, 'omdat het moet');
        const reasonless = INTERNSHIP_TRANSITIONS[action].reason === 'none';
        // A reason on a reasonless step is refused after the permission checks; try again without.
        const status =
          reasonless && res.statusCode === 422 ? (await act(id, w[role], action)).statusCode : res.statusCode;
        cells.push(`${action} by ${role}: ${status}`);
        expect(status, `${action} by ${role}: ${res.body}`).toBe(expected);
      }
    }
    expect(cells).toHaveLength(INTERNSHIP_ACTIONS.length * ROLES.length);
  });

  it('refuses every transition from a state it does not leave (409), for a permitted party', async () => {
    const w = await world();
    const partyUser: Record<TInternshipParty, TUser> = {
      student: w.student,
      mentor: w.mentor,
      school: w.school,
      organization: w.company,
    };
    for (const action of INTERNSHIP_ACTIONS) {
      const { from, by } = INTERNSHIP_TRANSITIONS[action];
      for (const status of INTERNSHIP_STATUSES.filter((s) => !from.includes(s))) {
        const id = await fixture(w, status, status === 'submitted');
        const res = await act(
          id,
          partyUser[by[0]!],
          action,
          INTERNSHIP_TRANSITIONS[action].reason === 'none' ? undefined : 'reden',
        );
        expect(res.statusCode, `${action} from ${status}`).toBe(409);
      }
    }
  });

  it('lists and reads per party: own, mentees’, the school’s, the organization’s; nothing of others', async () => {
    const w = await world();
    const mine = await fixture(w, 'applied');
    const selfFound = await fixture(w, 'submitted', true);
    // The other student's internship at the same organization: not the student's, not the mentor's.
    const { rows } = await sql<{ id: string }>`
      insert into placements.internships (tenant_id, student_id, school_id, organization_id, title,
        contract_type, updating_hours_allowed, status, created_at, updated_at)
      values ('demo', ${w.otherStudent.id}, ${w.schoolId}, ${w.company.organizationId}, 'Ander', 'contract', false,
        'approved', now(), now()) returning id`.execute(h.owner);
    const others = rows[0]!.id;
    expect(ids(await list(w.student))).toEqual([mine, selfFound].sort());
    expect(ids(await list(w.mentor))).toEqual([mine, selfFound].sort());
    expect(ids(await list(w.otherStudent))).toEqual([others]);
    expect(ids(await list(w.school))).toEqual([mine, selfFound, others].sort());
    expect(ids(await list(w.company))).toEqual([mine, selfFound, others].sort());
    expect(ids(await list(w.otherSchool))).toEqual([]);
    expect(ids(await list(w.otherCompany))).toEqual([]);
    expectStatus(await get(mine, w.otherCompany), 404);
    expectStatus(await get(mine, w.otherStudent), 404);
    expectStatus(await get(others, w.mentor), 404);
    expectStatus(await get(mine, w.mentor), 200);
    // Signed out: 401.
    expectStatus(
      await call(h.app, { method: 'GET', url: '/api/v1/internships', headers: { 'x-tenant': 'demo' } }),
      401,
    );
    // The current organization counts: the school admin acting for another organization sees none of it.
    const elsewhere = {
      ...w.school,
      headers: { ...w.school.headers, 'x-current-organization-id': w.company.organizationId },
    };
    expect(ids(await list(elsewhere))).toEqual([]);
  });

  it('a mentorship removed takes the mentee’s internships out of the mentor’s list', async () => {
    const w = await world();
    const id = await fixture(w, 'active');
    expect(ids(await list(w.mentor))).toEqual([id]);
    const { rows } = await sql<{
      id: string;
    }>`select id from placements.mentorships where mentor_id = ${w.mentor.id}`.execute(h.owner);
    await deliver(h, 'organizations.mentorship.removed', rows[0]!.id, {
      mentorship_id: rows[0]!.id,
      school_id: w.schoolId,
      mentor_id: w.mentor.id,
      student_id: w.student.id,
    });
    await eventually(async () => expect(ids(await list(w.mentor))).toEqual([]));
    expectStatus(await get(id, w.mentor), 404);
  });
});

describe('internships: editing per policy', () => {
  it('each party edits only its fields (403 internship_field_not_editable otherwise)', async () => {
    const w = await world();
    const id = await fixture(w, 'approved');
    const supervisor = await userWith(h, 'admin', w.company.organizationId, 'Provider');
    const byCompany = await patch(id, w.company, { supervisor_id: supervisor.id, start_date: '2027-02-01' });
    expectStatus(byCompany, 200);
    expect(byCompany.json().data.relationships.supervisor.data).toEqual({ type: 'user', id: supervisor.id });
    expectStatus(await patch(id, w.company, { title: 'Anders' }), 403, 'internship_field_not_editable');
    expectStatus(await patch(id, w.student, { title: 'Anders' }), 403, 'internship_field_not_editable');
    expectStatus(await patch(id, w.mentor, { title: 'Anders' }), 403, 'internship_field_not_editable');
    expectStatus(await patch(id, w.otherSchool, { title: 'Anders' }), 404);
    // Someone without a role at the organization is no supervisor.
    expectStatus(
      await patch(id, w.school, { supervisor_id: w.otherCompany.id }),
      422,
      'person_not_in_organization',
    );
    expectStatus(await patch(id, w.school, { end_date: '2027-01-01' }), 422, 'invalid_date_range');
    const bySchool = await patch(id, w.school, { title: 'Stage verpleging', updating_hours_allowed: true });
    expectStatus(bySchool, 200);
    expect(bySchool.json().data.attributes).toMatchObject({
      title: 'Stage verpleging',
      updating_hours_allowed: true,
    });
    expect((await outboxEvents(h, 'placements.internship.updated', id)).length).toBe(2);
    // A self-found internship is the student's to describe while submitted.
    const own = await fixture(w, 'submitted', true);
    expectStatus(
      await patch(own, w.student, { organization_name: 'Bakkerij Jansen', contact_name: 'Piet' }),
      200,
    );
  });
});

describe('internships: switch cells per tenant', () => {
  it('motivation: required where the switch is on, refused elsewhere; contract type per traineeship switch', async () => {
    for (const tenant of TENANT_LIST) {
      const features = getTenant(tenant.id)!.features;
      const schoolId = await organization(h, 'School', 'approved', tenant.id);
      const student = await userWith(h, 'student', schoolId, 'School', tenant.id);
      const company = await adminOf(h, 'Provider', 'approved', tenant.id);
      const vacancyId = await publishVacancy(h, company);
      if (features.motivationField) {
        expectStatus(await apply(h, student, vacancyId), 422, 'motivation_required');
        expectStatus(await apply(h, student, vacancyId, { motivation: '  ' }), 422, 'motivation_required');
      } else {
        expectStatus(
          await apply(h, student, vacancyId, { motivation: 'Ik wil graag' }),
          422,
          'motivation_not_allowed',
        );
      }
      const res = await apply(
        h,
        student,
        vacancyId,
        features.motivationField ? { motivation: 'Ik wil graag' } : {},
      );
      expectStatus(res, 201);
      expect(res.json().data.attributes, tenant.id).toMatchObject({
        motivation: features.motivationField ? 'Ik wil graag' : null,
        contract_type: features.traineeship ? 'contract' : 'hours',
        updating_hours_allowed: !features.traineeship,
      });
      // The student edits the motivation while applied, only where the tenant has the field.
      const edit = await patch(res.json().data.id, student, { motivation: 'Nog liever' });
      expectStatus(edit, features.motivationField ? 200 : 403);
    }
  });
});

describe('internships: places on the vacancy', () => {
  it('a full vacancy refuses with vacancy_full and says so; a withdrawal frees the place', async () => {
    const w = await world('demo', 1);
    const first = await apply(h, w.student, w.vacancyId);
    expectStatus(first, 201);
    expectStatus(await apply(h, w.student, w.vacancyId), 409, 'already_applied');
    const refused = await apply(h, w.otherStudent, w.vacancyId);
    expectStatus(refused, 409, 'vacancy_full');
    const en = await call(h.app, {
      method: 'POST',
      url: '/api/v1/internships',
      headers: { ...w.otherStudent.headers, 'accept-language': 'en' },
      payload: { data: { type: 'internship', attributes: { vacancy_id: w.vacancyId } } },
    });
    expect(en.json().errors[0].title).toBe('Vacancy is full');
    expect(refused.json().errors[0].title).toBe('Vacature is vol');
    const vacancy = await call(h.app, {
      method: 'GET',
      url: `/api/v1/vacancies/${w.vacancyId}`,
      headers: w.company.headers,
    });
    expect(vacancy.json().data.attributes).toMatchObject({ places: 1, places_left: 0, full: true });
    expectStatus(await act(first.json().data.id, w.student, 'withdraw'), 200);
    expectStatus(await apply(h, w.otherStudent, w.vacancyId), 201);
  });

  it('only students apply, only to published vacancies', async () => {
    const w = await world();
    expectStatus(await apply(h, w.school, w.vacancyId), 403);
    expectStatus(await apply(h, w.mentor, w.vacancyId), 403);
    const draft = await call(h.app, {
      method: 'POST',
      url: '/api/v1/vacancies',
      headers: w.company.headers,
      payload: { data: { type: 'vacancy', attributes: { title: 'Concept' } } },
    });
    expectStatus(await apply(h, w.student, draft.json().data.id), 404);
    expectStatus(
      await call(h.app, {
        method: 'POST',
        url: `/api/v1/vacancies/${w.vacancyId}/close`,
        headers: w.company.headers,
      }),
      200,
    );
    expectStatus(await apply(h, w.student, w.vacancyId), 404);
  });
});

describe('internships: createInternships (assign, allocation, self-found)', () => {
  const inTransaction = <T>(tenant: TTenantId, fn: (db: Kysely<TPlacementsDb>) => Promise<T>) =>
    h.deps.db.transaction().execute(async (trx) => {
      await setTenant(trx, tenant);
      return fn(trx as unknown as Kysely<TPlacementsDb>);
    });

  it('a school-created internship starts approved; places are counted; a non-student is refused', async () => {
    const w = await world('demo', 2);
    const ctx = (db: Kysely<TPlacementsDb>) => ({ db, tenant: getTenant('demo')!, now: new Date() });
    const actor = { userId: w.school.id, impersonatorId: null };
    const created = await inTransaction('demo', (db) =>
      createInternships(ctx(db), actor, {
        schoolId: w.schoolId,
        status: 'approved',
        items: [
          { student_id: w.student.id, vacancy_id: w.vacancyId },
          { student_id: w.otherStudent.id, vacancy_id: w.vacancyId },
        ],
      }),
    );
    expect(created.map((i) => [i.status, i.organization_id, i.title])).toEqual([
      ['approved', w.company.organizationId, 'Stage in de zorg'],
      ['approved', w.company.organizationId, 'Stage in de zorg'],
    ]);
    const third = await userWith(h, 'student', w.schoolId, 'School');
    await expect(
      inTransaction('demo', (db) =>
        createInternships(ctx(db), actor, {
          schoolId: w.schoolId,
          status: 'approved',
          items: [{ student_id: third.id, vacancy_id: w.vacancyId }],
        }),
      ),
    ).rejects.toMatchObject({ code: 'vacancy_full' });
    await expect(
      inTransaction('demo', (db) =>
        createInternships(ctx(db), actor, {
          schoolId: w.schoolId,
          status: 'approved',
          items: [{ student_id: w.mentor.id, organization_id: w.company.organizationId }],
        }),
      ),
    ).rejects.toMatchObject({ code: 'not_a_student' });
    // Self-found at an organization the platform does not know: submitted, named by the student.
    const [own] = await inTransaction('demo', (db) =>
      createInternships(
        ctx(db),
        { userId: w.student.id, impersonatorId: null },
        {
          schoolId: w.schoolId,
          status: 'submitted',
          items: [
            { student_id: w.student.id, organization_name: 'Bakkerij Jansen', contact_name: 'Piet Jansen' },
          ],
        },
      ),
    );
    expect(own).toMatchObject({
      status: 'submitted',
      self_found: true,
      organization_id: null,
      title: 'Bakkerij Jansen',
    });
    expectStatus(await act(own!.id, w.school, 'approve'), 200);
    expect(
      (await list(w.school, '?filter[self_found_eq]=true')).json().data.map((d: { id: string }) => d.id),
    ).toEqual([own!.id]);
  });
});

describe('internships: the list’s includes, filters, sorts and paging', () => {
  it('includes exactly spec §7’s seven relations, with spec §3’s attributes (valid JSON:API)', async () => {
    const w = await world();
    const periodId = randomUUID();
    await deliver(h, 'organizations.internship_period.created', periodId, {
      internship_period_id: periodId,
      school_id: w.schoolId,
      school_year_id: randomUUID(),
      name: 'Blok 3',
      start_date: '2027-02-01',
      end_date: '2027-04-30',
      status: 'active',
    });
    await deliver(h, 'organizations.organization.updated', w.company.organizationId, {
      organization_id: w.company.organizationId,
      organization_type: 'Provider',
      name: 'Zorgcentrum De Linde',
      status: 'approved',
      website: 'https://delinde.example',
      city: 'Amersfoort',
      parent_id: null,
    });
    const contact = await userWith(h, 'admin', w.company.organizationId, 'Provider');
    await announceUser(h, contact, 'Carla', 'Contact');
    await eventually(async () => {
      const { rows } = await sql`select 1 from placements.internship_periods where id = ${periodId}
        union all select 1 from placements.organization_websites where website = 'https://delinde.example'
        union all select 1 from placements.users where id = ${contact.id}`.execute(h.owner);
      expect(rows).toHaveLength(3);
    });
    const id = await fixture(w, 'approved');
    expectStatus(
      await patch(id, w.school, {
        internship_period_id: periodId,
        contact_person_id: contact.id,
        supervisor_id: contact.id,
      }),
      200,
    );
    const res = await list(w.school, `?include=${INTERNSHIP_INCLUDES.join(',')}&page[size]=50`);
    expectStatus(res, 200);
    const doc = res.json();
    const included = new Map(doc.included.map((r: { type: string; id: string }) => [`${r.type}/${r.id}`, r]));
    expect(included.get(`student/${w.student.id}`)).toMatchObject({
      attributes: {
        first_name: 'Sam',
        last_name: 'Student',
        updated_at: expect.any(String),
        created_at: expect.any(String),
      },
    });
    expect(included.get(`organization/${w.company.organizationId}`)).toMatchObject({
      attributes: {
        name: 'Zorgcentrum De Linde',
        status: 'approved',
        website: 'https://delinde.example',
        city: 'Amersfoort',
      },
    });
    expect(included.get(`vacancy/${w.vacancyId}`)).toMatchObject({
      attributes: { title: 'Stage in de zorg' },
    });
    expect(included.get(`internship_period/${periodId}`)).toMatchObject({
      attributes: { name: 'Blok 3', start_date: '2027-02-01', end_date: '2027-04-30', status: 'active' },
    });
    // Contact person and supervisor are the same user here: included once.
    expect(included.get(`user/${contact.id}`)).toMatchObject({
      attributes: {
        first_name: 'Carla',
        last_name: 'Contact',
        email: expect.stringContaining('@example.nl'),
      },
    });
    expect(doc.included.filter((r: { type: string; id: string }) => r.id === contact.id)).toHaveLength(1);
    const data = doc.data.find((d: { id: string }) => d.id === id);
    expect(Object.keys(data.relationships).sort()).toEqual([...INTERNSHIP_INCLUDES].sort());
    expect(data.relationships.current_phase).toEqual({ data: null });
    // Every included resource is linked from the data (JSON:API full linkage).
    const linked = new Set(
      doc.data.flatMap(
        (d: { relationships: Record<string, { data: { type: string; id: string } | null }> }) =>
          Object.values(d.relationships).flatMap((r) => (r.data ? [`${r.data.type}/${r.data.id}`] : [])),
      ),
    );
    for (const key of included.keys()) expect(linked.has(key), String(key)).toBe(true);
    // Without include: no included member; an unknown include is a 400.
    expect((await list(w.school)).json().included).toBeUndefined();
    expectStatus(await list(w.school, '?include=school'), 400);
    // The single resource takes the same includes.
    const one = await get(id, w.student, '?include=organization,internship_period');
    expect(
      one
        .json()
        .included.map((r: { type: string }) => r.type)
        .sort(),
    ).toEqual(['internship_period', 'organization']);
  });

  it('filters by status, period, organization, group, student, vacancy, self-found; sorts; pages', async () => {
    const w = await world();
    const a = await fixture(w, 'applied');
    const b = await fixture(w, 'active');
    const c = await fixture(w, 'submitted', true);
    await sql`update placements.internships set created_at = now() - interval '1 day' where id = ${a}`.execute(
      h.owner,
    );
    const periodId = randomUUID();
    await sql`update placements.internships set internship_period_id = ${periodId} where id = ${b}`.execute(
      h.owner,
    );
    expect(ids(await list(w.school, '?filter[status_eq]=active'))).toEqual([b]);
    expect(ids(await list(w.school, '?filter[status_in]=applied,submitted'))).toEqual([a, c].sort());
    expect(ids(await list(w.school, `?filter[internship_period_id_eq]=${periodId}`))).toEqual([b]);
    expect(ids(await list(w.school, '?filter[self_found_eq]=true'))).toEqual([c]);
    expect(ids(await list(w.school, `?filter[vacancy_id_eq]=${w.vacancyId}`))).toEqual([a, b].sort());
    expect(ids(await list(w.school, `?filter[organization_id_eq]=${w.company.organizationId}`))).toHaveLength(
      3,
    );
    expect(ids(await list(w.school, `?filter[student_id_eq]=${w.otherStudent.id}`))).toEqual([]);
    const groupId = randomUUID();
    await deliver(h, 'organizations.group_membership.changed', w.student.id, {
      school_id: w.schoolId,
      student_id: w.student.id,
      group_id: groupId,
      previous_group_id: null,
    });
    await eventually(async () =>
      expect(ids(await list(w.school, `?filter[group_id]=${groupId}`))).toHaveLength(3),
    );
    expect(ids(await list(w.school, `?filter[group_id]=${randomUUID()}`))).toEqual([]);
    // Default order newest first; sort by created_at ascending puts the day-old one first.
    expect((await list(w.school)).json().data.at(-1).id).toBe(a);
    expect((await list(w.school, '?sort=created_at')).json().data[0].id).toBe(a);
    const page = await list(w.school, '?page[size]=2&page[number]=2');
    expect(page.json().data).toHaveLength(1);
    expect(page.json().meta.total).toBe(3);
    expect(page.json().links.prev).toContain('page%5Bnumber%5D=1');
    // Bad values are 400s naming the parameter, not database errors.
    for (const q of [
      'filter[status_eq]=lost',
      'filter[self_found_eq]=yes',
      'filter[vacancy_id_eq]=x',
      'filter[group_id]=x',
      'filter[title_eq]=x',
      'sort=motivation',
    ])
      expectStatus(await list(w.school, `?${q}`), 400);
  });
});

describe('internships: contact person and supervisor (the edit form’s pickers)', () => {
  it('offers the organization’s people and refuses anyone else, 422 in nl and en, across tenants too', async () => {
    const w = await world();
    const id = await fixture(w, 'approved');
    const carla = await userWith(h, 'admin', w.company.organizationId, 'Provider');
    await announceUser(h, carla, 'Carla', 'Contact');
    const bram = await userWith(h, 'mentor', w.company.organizationId, 'Provider');
    await announceUser(h, bram, 'Bram', 'Begeleider');
    // A learner at the organization (a volunteer) is no contact person; nor is the other company's admin.
    const volunteer = await userWith(h, 'volunteer', w.company.organizationId, 'Provider');
    await announceUser(h, volunteer, 'Vera', 'Vrijwilliger');
    await announceUser(h, w.otherCompany, 'Olga', 'Elders');
    const foreign = await adminOf(h, 'Provider', 'approved', 'raayland');
    await eventually(async () => {
      const { rows } = await sql`select 1 from placements.users
        where id in (${carla.id}, ${bram.id}, ${volunteer.id}, ${w.otherCompany.id})`.execute(h.owner);
      expect(rows).toHaveLength(4);
    });
    const people = (user: TUser, internshipId = id) =>
      call(h.app, {
        method: 'GET',
        url: `/api/v1/internships/${internshipId}/people`,
        headers: user.headers,
      });

    for (const user of [w.school, w.company]) {
      const res = await people(user);
      expectStatus(res, 200);
      const doc = res.json();
      expect(doc.data.map((p: { id: string }) => p.id)).toEqual([bram.id, carla.id]);
      expect(doc.data[1]).toMatchObject({
        type: 'user',
        attributes: {
          first_name: 'Carla',
          last_name: 'Contact',
          roles: [{ name: 'admin', resource_id: w.company.organizationId }],
        },
      });
    }
    // Who may not change either field is refused; who cannot read the internship does not learn of it.
    expectStatus(await people(w.student), 403);
    expectStatus(await people(w.mentor), 403);
    expectStatus(await people(w.otherCompany), 404);
    expectStatus(await people(foreign), 404);

    const chosen = await patch(id, w.company, { contact_person_id: carla.id, supervisor_id: bram.id });
    expectStatus(chosen, 200);
    expect(chosen.json().data.relationships).toMatchObject({
      contact_person: { data: { type: 'user', id: carla.id } },
      supervisor: { data: { type: 'user', id: bram.id } },
    });
    for (const [who, field] of [
      [w.otherCompany.id, 'supervisor_id'],
      [volunteer.id, 'contact_person_id'],
      // Another tenant's user holds no role here (RLS hides their roles).
      [foreign.id, 'contact_person_id'],
    ] as const) {
      const res = await patch(id, w.school, { [field]: who });
      expectStatus(res, 422, 'person_not_in_organization');
      expect(res.json().errors[0].source).toEqual({ pointer: `/data/attributes/${field}` });
    }
    // The student themselves is refused as such (#31), before anything else is said about them.
    const own = await patch(id, w.school, { supervisor_id: w.student.id });
    expectStatus(own, 422, 'own_supervisor');
    expect(own.json().errors[0].source).toEqual({ pointer: '/data/attributes/supervisor_id' });
    const refused = (lang: string) =>
      call(h.app, {
        method: 'PATCH',
        url: `/api/v1/internships/${id}`,
        headers: { ...w.school.headers, 'accept-language': lang },
        payload: { data: { type: 'internship', id, attributes: { supervisor_id: w.otherCompany.id } } },
      });
    expect((await refused('nl')).json().errors[0].title).toBe('Persoon hoort niet bij de organisatie');
    expect((await refused('en')).json().errors[0].title).toBe('Person is not part of the organization');
    // Nothing changed by the refusals.
    expect((await get(id, w.school)).json().data.relationships.supervisor.data).toEqual({
      type: 'user',
      id: bram.id,
    });
  });
});

describe('internships: spec §4 in-scope periods (organizations’ school years)', () => {
  it('keeps the school years from organizations’ events and filters the list by the current and next one', async () => {
    const w = await world();
    // NOW is 2026-11-21: 2026-2027 is current, 2027-2028 next, 2025-2026 past.
    const years = {
      past: [randomUUID(), '2025-2026', '2025-08-01', '2026-07-31'],
      current: [randomUUID(), '2026-2027', '2026-08-01', '2027-07-31'],
      next: [randomUUID(), '2027-2028', '2027-08-01', '2028-07-31'],
    } as const;
    for (const [id, name, start_date, end_date] of Object.values(years))
      await deliver(h, 'organizations.school_year.created', id, { name, start_date, end_date });
    const period = async (year: string, status: 'active' | 'archived') => {
      const id = randomUUID();
      await deliver(h, 'organizations.internship_period.created', id, {
        internship_period_id: id,
        school_id: w.schoolId,
        school_year_id: year,
        name: `Periode ${id.slice(0, 4)}`,
        start_date: '2026-09-01',
        end_date: '2026-12-31',
        status,
      });
      return id;
    };
    const periods = {
      past: await period(years.past[0], 'active'),
      current: await period(years.current[0], 'active'),
      nextArchived: await period(years.next[0], 'archived'),
    };
    await eventually(async () => {
      const { rows } = await sql`select 1 from placements.school_years where id in (${years.past[0]},
        ${years.current[0]}, ${years.next[0]}) union all select 1 from placements.internship_periods
        where school_id = ${w.schoolId}`.execute(h.owner);
      expect(rows).toHaveLength(6);
    });
    const { rows: kept } = await sql<{ name: string; start_date: string; end_date: string }>`
      select name, start_date, end_date from placements.school_years where id = ${years.next[0]}`.execute(
      h.owner,
    );
    expect(kept).toEqual([{ name: '2027-2028', start_date: '2027-08-01', end_date: '2028-07-31' }]);

    const internship = async (periodId: string | null) => {
      const id = await fixture(w, 'approved');
      await sql`update placements.internships set internship_period_id = ${periodId} where id = ${id}`.execute(
        h.owner,
      );
      return id;
    };
    const i = {
      past: await internship(periods.past),
      current: await internship(periods.current),
      nextArchived: await internship(periods.nextArchived),
      none: await internship(null),
    };
    const inScope = '?filter[in_scope]=true';
    // The School's admin: its own periods of the current and next year, archived or not; no period stays.
    expect(ids(await list(w.school, inScope))).toEqual([i.current, i.nextArchived, i.none].sort());
    expect(ids(await list(w.school))).toEqual(Object.values(i).sort());
    expect(ids(await list(w.school, '?filter[in_scope]=false'))).toEqual(Object.values(i).sort());
    // The organization is no school user: active periods only.
    expect(ids(await list(w.company, inScope))).toEqual([i.current, i.none].sort());
    expect(
      (await list(w.company, `${inScope}&filter[internship_period_id_eq]=${periods.past}`)).json().data,
    ).toEqual([]);
    expectStatus(await list(w.school, '?filter[in_scope]=yes'), 400);
  });
});

describe('internships: a School admin’s two scopes', () => {
  it('lists internships of the School’s students and at the School as organization, each once, paged across both', async () => {
    const w = await world();
    const other = await organization(h, 'School', 'approved');
    const insert = async (schoolId: string, organizationId: string, minutesAgo: number) =>
      (
        await sql<{ id: string }>`
          insert into placements.internships (tenant_id, student_id, school_id, organization_id, title,
            contract_type, updating_hours_allowed, status, created_at, updated_at)
          values ('demo', ${w.student.id}, ${schoolId}, ${organizationId}, 'Stage', 'contract', false, 'active',
            now() - ${minutesAgo} * interval '1 minute', now()) returning id`.execute(h.owner)
      ).rows[0]!.id;
    // Newest first: at the school of another school's student, both the school's, an organization's.
    const atSchool = await insert(other, w.schoolId, 1);
    const both = await insert(w.schoolId, w.schoolId, 2);
    const ofStudent = await insert(w.schoolId, w.company.organizationId, 3);
    const pages = [];
    for (const n of [1, 2, 3]) {
      const res = await list(w.school, `?page[size]=1&page[number]=${n}`);
      expect(res.json().meta.total).toBe(3);
      pages.push(...ids(res));
    }
    expect(pages).toEqual([atSchool, both, ofStudent]);
    expect(ids(await list(w.school, '?page[size]=1&page[number]=4'))).toEqual([]);
  });
});

describe('internships: the current organization as the read model knows it', () => {
  it('a read after the organization’s deletion no longer acts for it, well within the memo’s lifetime', async () => {
    const w = await world();
    const id = await fixture(w, 'active');
    // Read: the School's facts are now in the process's memo (AUTH_CACHE_SECONDS, 2 s by default).
    expect(ids(await list(w.school))).toContain(id);
    await deliver(h, 'organizations.organization.deleted', w.schoolId, {
      organization_id: w.schoolId,
      organization_type: 'School',
      name: 'Opgeheven',
      status: 'archived',
      website: null,
      city: null,
      parent_id: null,
    });
    const started = Date.now();
    // The consumer drops the memo when it commits: the next reads see the deletion, not the memo.
    await eventually(async () => expect(ids(await list(w.school))).toEqual([]), 1_000);
    expect(Date.now() - started).toBeLessThan(1_500);
  });
});

describe('internships: tenants are isolated', () => {
  it('another tenant’s caller sees none of them, by list or id, even naming the organization', async () => {
    const w = await world();
    const id = await fixture(w, 'active');
    const raayland = await adminOf(h, 'School', 'approved', 'raayland');
    expectStatus(await get(id, raayland), 404);
    expect(ids(await list(raayland))).toEqual([]);
    // Naming the demo school as the current organization gives no role there: still nothing.
    const posing = { ...raayland, headers: { ...raayland.headers, 'x-current-organization-id': w.schoolId } };
    expect(ids(await list(posing))).toEqual([]);
    expectStatus(await act(id, posing, 'cancel', 'x'), 404);
    // The rows are there, under their own tenant only (RLS).
    const count = await h.deps.db.transaction().execute(async (trx) => {
      await setTenant(trx, 'raayland');
      return (
        await sql<{
          n: number;
        }>`select count(*)::int as n from placements.internships where id = ${id}`.execute(trx)
      ).rows[0]!.n;
    });
    expect(count).toBe(0);
  });
});
