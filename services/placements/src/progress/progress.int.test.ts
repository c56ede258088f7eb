import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { TTenantId } from '@stageplein/contracts/tenants/tenant.types';
import type { TProgressDocument, TProgressTimelineDocument } from '@stageplein/contracts/placements/progress';
import {
  asOwner,
  call,
  harness,
  internshipParties,
  organization,
  userWith,
  type THarness,
  type TUser,
} from '../../test/harness.ts';

/**
 * Progress (stagevoortgang) through placements' HTTP app on a real PostgreSQL (RLS): the figures
 * against hand-computed fixtures, the behind rule, filters, the CSV, the timeline, who sees what.
 *
 * The harness's day is 2026-11-21; the period runs 2026-11-01 … 2026-11-30 (30 days), so 20/30 of it
 * has elapsed (whole days up to yesterday, contracts' progress-rule).
 */
let h: THarness;
beforeAll(async () => {
  h = await harness();
});
afterAll(async () => h?.close());

interface TWorld {
  tenant: TTenantId;
  periodId: string;
  otherPeriodId: string;
  sanne: { user: TUser; internshipId: string };
  bram: { user: TUser; internshipId: string };
  mentor: TUser;
  school: TUser;
  otherSchool: TUser;
  company: TUser;
  groupA: string;
  groupB: string;
  levelHavo: string;
}

async function world(tenant: TTenantId): Promise<TWorld> {
  // Sanne (in placements' users, her mentor's mentorship) and Bram of the School; a student of the other School.
  const parties = await internshipParties(h, tenant);
  const { schoolId, otherSchoolId, companyId, mentor, school, otherSchool, company } = parties;
  const [sanneUser, bramUser] = [parties.student, parties.otherStudent];
  const foreignStudent = await userWith(h, 'student', otherSchoolId, 'School', tenant);
  const periodId = randomUUID();
  const otherPeriodId = randomUUID();
  const [groupA, groupB, levelHavo] = [randomUUID(), randomUUID(), randomUUID()];
  const sanne = { user: sanneUser, internshipId: randomUUID() };
  const bram = { user: bramUser, internshipId: randomUUID() };
  await asOwner(h, tenant, async (trx) => {
    const run = (q: ReturnType<typeof sql>) => q.execute(trx);
    for (const [u, first, last] of [
      [bramUser, 'Bram', 'Bakker'],
      [mentor, 'Mieke', 'Mentor'],
    ] as const)
      await run(sql`insert into placements.users (id, tenant_id, email, first_name, last_name, status, deleted, event_time)
        values (${u.id}, ${tenant}, ${`${u.id}@x.test`}, ${first}, ${last}, 'active', false, now())`);
    for (const [id, school] of [
      [periodId, schoolId],
      [otherPeriodId, otherSchoolId],
    ])
      await run(sql`insert into placements.internship_periods (id, tenant_id, school_id, school_year_id, name,
          start_date, end_date, status, deleted, event_time)
        values (${id}, ${tenant}, ${school}, ${randomUUID()}, 'MaS november', '2026-11-01', '2026-11-30',
          'active', false, now())`);
    await run(sql`insert into placements.levels (id, tenant_id, school_id, name, deleted, event_time)
      values (${levelHavo}, ${tenant}, ${schoolId}, 'havo', false, now())`);
    await run(sql`insert into placements.groups (id, tenant_id, school_id, school_year_id, level_id, name, deleted, event_time)
      values (${groupA}, ${tenant}, ${schoolId}, null, null, '4A', false, now()),
             (${groupB}, ${tenant}, ${schoolId}, null, ${levelHavo}, '=4B', false, now())`);
    await run(sql`insert into placements.group_memberships (school_id, student_id, tenant_id, group_id, event_time)
      values (${schoolId}, ${sanneUser.id}, ${tenant}, ${groupA}, now()),
             (${schoolId}, ${bramUser.id}, ${tenant}, ${groupB}, now())`);
    await run(sql`insert into placements.hours_period_defaults (internship_period_id, tenant_id, required_hours, updated_at)
      values (${periodId}, ${tenant}, 20, now())`);
    // Sanne: her own requirement of 60 hours; Bram: the period's default of 20. A third internship of
    // another school's student in the other school's period, never visible here.
    for (const [id, student, school, period, hours] of [
      [sanne.internshipId, sanneUser.id, schoolId, periodId, 60],
      [bram.internshipId, bramUser.id, schoolId, periodId, null],
      [randomUUID(), foreignStudent.id, otherSchoolId, otherPeriodId, 40],
    ] as const)
      await run(sql`insert into placements.internships (id, tenant_id, student_id, school_id, organization_id, title,
          contract_type, self_found, hours, updating_hours_allowed, status, start_date, internship_period_id,
          created_at, updated_at)
        values (${id}, ${tenant}, ${student}, ${school}, ${companyId}, 'Maatschappelijke stage', 'hours', false,
          ${hours}, true, 'active', '2026-11-01', ${period}, now(), now())`);
    await run(sql`insert into placements.internship_status_changes (tenant_id, internship_id, from_status, to_status, reason, at)
      values (${tenant}, ${sanne.internshipId}, null, 'approved', null, '2026-10-20T09:00:00Z'),
             (${tenant}, ${sanne.internshipId}, 'approved', 'active', null, '2026-11-02T08:00:00Z')`);
    // Sanne: confirmed 7.75 + 8 + 10 = 25.75, pending 3, rejected 2 (a formula-looking description).
    // Bram: confirmed 15.
    for (const [internship, date, quarters, status, description] of [
      [sanne.internshipId, '2026-11-03', 31, 'confirmed', 'Koffie schenken'],
      [sanne.internshipId, '2026-11-02', 32, 'confirmed', 'Eerste dag'],
      [sanne.internshipId, '2026-11-10', 40, 'confirmed', 'Spelletjes'],
      [sanne.internshipId, '2026-11-12', 12, 'pending', 'Opruimen'],
      [sanne.internshipId, '2026-11-11', 8, 'rejected', '=HYPERLINK("x")'],
      [bram.internshipId, '2026-11-05', 60, 'confirmed', 'Tuinieren'],
    ] as const)
      await run(sql`insert into placements.hours_entries (tenant_id, internship_id, date, quarters, description, status,
          decided_at, created_at, updated_at)
        values (${tenant}, ${internship}, ${date}, ${quarters}, ${description}, ${status},
          ${status === 'pending' ? null : new Date('2026-11-15T12:00:00Z')}, now(), now())`);
  });
  return {
    tenant,
    periodId,
    otherPeriodId,
    sanne,
    bram,
    mentor,
    school,
    otherSchool,
    company,
    groupA,
    groupB,
    levelHavo,
  };
}

const list = (w: TWorld, user: TUser, query = '', periodId = w.periodId) =>
  call(h.app, { url: `/api/v1/progress/periods/${periodId}${query}`, headers: user.headers });
const names = (res: { json(): unknown }) =>
  (res.json() as TProgressDocument).data.map((r) => r.attributes.student_name).sort();

describe('progress (stagevoortgang)', () => {
  let w: TWorld;
  beforeAll(async () => {
    w = await world('demo');
  });

  it('gives the school every internship of the period with the hand-computed figures', async () => {
    const res = await list(w, w.school);
    expect(res.statusCode).toBe(200);
    const doc = res.json() as TProgressDocument;
    expect(doc.meta.period).toMatchObject({
      start_date: '2026-11-01',
      end_date: '2026-11-30',
      today: '2026-11-21',
    });
    expect(doc.meta.period.elapsed_share).toBeCloseTo(20 / 30, 10);
    expect(doc.meta.total).toBe(2);
    // Ordered by last name: Bakker before de Vries.
    const [bram, sanne] = doc.data;
    expect(sanne!.id).toBe(w.sanne.internshipId);
    expect(sanne!.attributes).toMatchObject({
      student_name: 'Sanne de Vries',
      status: 'active',
      group: { id: w.groupA, name: '4A' },
      level: null,
      mentors: [{ id: w.mentor.id, name: 'Mieke Mentor' }],
      hours_logged: 28.75,
      hours_confirmed: 25.75,
      hours_pending: 3,
      hours_required: 60,
      percent: 42, // floor(25.75 / 60 × 100) = floor(42.92)
      // Logged 28.75 < 80 % of 60 × 20/30 = 32 (the internship starts with the period, ends with it).
      behind_schedule: true,
      schedule_judged: true,
      phase: null,
      contract: null,
      // An evaluation-forms tenant without an opened evaluation (evaluations.int.test.ts has the rest).
      evaluation: { state: 'none', asked: [], submitted: [], score: null },
    });
    expect(bram!.attributes).toMatchObject({
      student_name: 'Bram Bakker',
      group: { id: w.groupB, name: '=4B' }, // a formula-looking name (the CSV test)
      level: { id: w.levelHavo, name: 'havo' },
      mentors: [],
      hours_logged: 15,
      hours_confirmed: 15,
      hours_pending: 0,
      hours_required: 20, // the period's default
      percent: 75,
      behind_schedule: false, // logged 15 ≥ 80 % of 20 × 20/30 = 10.67
      schedule_judged: true, // so "on schedule"
    });
  });

  it('filters on group, level, mentor and behind', async () => {
    expect(names(await list(w, w.school, `?group_id=${w.groupA}`))).toEqual(['Sanne de Vries']);
    expect(names(await list(w, w.school, `?level_id=${w.levelHavo}`))).toEqual(['Bram Bakker']);
    expect(names(await list(w, w.school, `?mentor_id=${w.mentor.id}`))).toEqual(['Sanne de Vries']);
    expect(names(await list(w, w.school, '?behind=true'))).toEqual(['Sanne de Vries']);
    expect(names(await list(w, w.school, '?behind=false'))).toEqual(['Bram Bakker']);
    expect((await list(w, w.school, '?group_id=nope')).statusCode).toBe(422);
  });

  it('shows a student only their own, a mentor their mentees', async () => {
    expect(names(await list(w, w.sanne.user))).toEqual(['Sanne de Vries']);
    expect(names(await list(w, w.bram.user))).toEqual(['Bram Bakker']);
    expect(names(await list(w, w.mentor))).toEqual(['Sanne de Vries']);
  });

  it("hides the period from another school's admin, the workplace organization and other tenants", async () => {
    expect((await list(w, w.otherSchool)).statusCode).toBe(404);
    expect((await list(w, w.company)).statusCode).toBe(404);
    // The school does not reach the other school's period either.
    expect((await list(w, w.school, '', w.otherPeriodId)).statusCode).toBe(404);
    const elsewhere = await world('raayland');
    expect((await list(w, elsewhere.school)).statusCode).toBe(404);
    expect((await list(elsewhere, w.school)).statusCode).toBe(404);
    expect(names(await list(elsewhere, elsewhere.school))).toEqual(['Bram Bakker', 'Sanne de Vries']);
  });

  it('exports the list as formula-safe CSV', async () => {
    // Sanne's internship stands in a phase whose name a spreadsheet would run as a formula.
    const phaseId = randomUUID();
    const set = (q: ReturnType<typeof sql>) => asOwner(h, w.tenant, (trx) => q.execute(trx));
    await set(sql`insert into placements.internship_phases (tenant_id, internship_id, entry, version_id, phase_id,
        position, name, status, completion, state, started_at)
      values (${w.tenant}, ${w.sanne.internshipId}, 0, ${randomUUID()}, ${phaseId}, 0,
        ${JSON.stringify({ nl: '=Uren maken', en: '=Logging hours' })}::jsonb, 'running', 'all_required', 'active', now())`);
    await set(
      sql`update placements.internships set current_phase_id = ${phaseId} where id = ${w.sanne.internshipId}`,
    );
    const res = await call(h.app, {
      url: `/api/v1/progress/periods/${w.periodId}/export?behind=true`,
      headers: w.school.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toBe(
      'leerling;groep;niveau;mentor;stageplek;status;uren_gelogd;uren_bevestigd;uren_vereist;procent;achter_op_schema;evaluatie;fase',
    );
    expect(lines[1]).toMatch(
      /^Sanne de Vries;4A;;Mieke Mentor;.*;active;28.75;25.75;60;42;ja;none;'=Uren maken$/,
    );
    await set(
      sql`update placements.internships set current_phase_id = null where id = ${w.sanne.internshipId}`,
    );
    await set(sql`delete from placements.internship_phases where phase_id = ${phaseId}`);
    expect(
      (
        await call(h.app, {
          url: `/api/v1/progress/periods/${w.periodId}/export`,
          headers: w.otherSchool.headers,
        })
      ).statusCode,
    ).toBe(404);
  });

  it("gives one internship's timeline in date order, to those who may see it", async () => {
    const url = `/api/v1/progress/periods/${w.periodId}/internships/${w.sanne.internshipId}`;
    for (const user of [w.school, w.mentor, w.sanne.user]) {
      const res = await call(h.app, { url, headers: user.headers });
      expect(res.statusCode).toBe(200);
      const doc = res.json() as TProgressTimelineDocument;
      expect(doc.data.attributes.hours_confirmed).toBe(25.75);
      expect(
        doc.data.attributes.events.map(
          (e) => `${e.at.slice(0, 10)} ${e.kind === 'status' ? e.to_status : e.hours}`,
        ),
      ).toEqual([
        '2026-10-20 approved',
        '2026-11-02 active',
        '2026-11-02 8',
        '2026-11-03 7.75',
        '2026-11-10 10',
        '2026-11-11 2',
        '2026-11-12 3',
      ]);
    }
    for (const user of [w.bram.user, w.otherSchool, w.company])
      expect((await call(h.app, { url, headers: user.headers })).statusCode).toBe(404);
    // The internship must belong to the period in the path.
    const wrong = `/api/v1/progress/periods/${w.otherPeriodId}/internships/${w.sanne.internshipId}`;
    expect((await call(h.app, { url: wrong, headers: w.school.headers })).statusCode).toBe(404);
  });

  it('judges behind by the one rule on the row’s own facts: own dates, lock and sign-off', async () => {
    const row = async () =>
      ((await list(w, w.school, `?group_id=${w.groupA}`)).json() as TProgressDocument).data[0]!.attributes;
    const behind = async () => (await row()).behind_schedule;
    // Unjudged is neither behind nor on schedule (a signed-off sheet short of its hours was "Op schema").
    const judged = async () => (await row()).schedule_judged;
    const set = (q: ReturnType<typeof sql>) => asOwner(h, w.tenant, (trx) => q.execute(trx));
    expect(await behind()).toBe(true);
    // Her own window 11–30 November (20 days, 10 passed): 80 % of 60 × 10/20 = 24 ≤ 28.75 logged.
    await set(
      sql`update placements.internships set start_date = '2026-11-11' where id = ${w.sanne.internshipId}`,
    );
    expect(await behind()).toBe(false);
    await set(
      sql`update placements.internships set start_date = '2026-11-01' where id = ${w.sanne.internshipId}`,
    );
    await set(
      sql`update placements.internships set updating_hours_allowed = false where id = ${w.sanne.internshipId}`,
    );
    expect(await behind()).toBe(false); // locked: the student cannot catch up, nobody is warned
    expect(await judged()).toBe(false);
    await set(
      sql`update placements.internships set updating_hours_allowed = true where id = ${w.sanne.internshipId}`,
    );
    await set(sql`insert into placements.hours_sheets (internship_id, tenant_id, signed_off_at, signed_off_by, updated_at)
      values (${w.sanne.internshipId}, ${w.tenant}, now(), ${w.school.id}, now())`);
    expect(await behind()).toBe(false); // signed off
    expect(await judged()).toBe(false);
    await set(sql`delete from placements.hours_sheets where internship_id = ${w.sanne.internshipId}`);
    expect(await behind()).toBe(true);
    expect(await judged()).toBe(true);
  });
});

/**
 * Paging: one school's period with seven students (last names "Leerling 1" … "Leerling 7"), the odd
 * ones in group A, the even ones in group B; number 2 has confirmed hours, the rest none (so behind).
 */
describe('progress pages', () => {
  let schoolAdmin: TUser;
  let students: TUser[];
  let periodId: string;
  let groupA: string;
  let groupB: string;
  beforeAll(async () => {
    const tenant: TTenantId = 'demo';
    const schoolId = await organization(h, 'School', 'approved', tenant);
    schoolAdmin = await userWith(h, 'admin', schoolId, 'School', tenant);
    students = await Promise.all(
      Array.from({ length: 7 }, () => userWith(h, 'student', schoolId, 'School', tenant)),
    );
    periodId = randomUUID();
    [groupA, groupB] = [randomUUID(), randomUUID()];
    await asOwner(h, tenant, async (trx) => {
      const run = (q: ReturnType<typeof sql>) => q.execute(trx);
      await run(sql`insert into placements.internship_periods (id, tenant_id, school_id, school_year_id, name,
          start_date, end_date, status, deleted, event_time)
        values (${periodId}, ${tenant}, ${schoolId}, ${randomUUID()}, 'Pagina''s', '2026-11-01', '2026-11-30',
          'active', false, now())`);
      await run(sql`insert into placements.groups (id, tenant_id, school_id, school_year_id, level_id, name, deleted, event_time)
        values (${groupA}, ${tenant}, ${schoolId}, null, null, 'A', false, now()),
               (${groupB}, ${tenant}, ${schoolId}, null, null, 'B', false, now())`);
      for (const [i, u] of students.entries()) {
        const n = i + 1;
        const internshipId = randomUUID();
        await run(sql`insert into placements.users (id, tenant_id, email, first_name, last_name, status, deleted, event_time)
          values (${u.id}, ${tenant}, ${`${u.id}@x.test`}, 'Kim', ${`Leerling ${n}`}, 'active', false, now())`);
        await run(sql`insert into placements.group_memberships (school_id, student_id, tenant_id, group_id, event_time)
          values (${schoolId}, ${u.id}, ${tenant}, ${n % 2 ? groupA : groupB}, now())`);
        await run(sql`insert into placements.internships (id, tenant_id, student_id, school_id, title, contract_type,
            self_found, organization_name, hours, updating_hours_allowed, status, start_date, internship_period_id,
            created_at, updated_at)
          values (${internshipId}, ${tenant}, ${u.id}, ${schoolId}, 'Stage', 'hours', true, ${`Plek ${8 - n}`}, 20,
            true, 'active', '2026-11-01', ${periodId}, now(), now())`);
        if (n === 2)
          await run(sql`insert into placements.hours_entries (tenant_id, internship_id, date, quarters, description,
              status, decided_at, created_at, updated_at)
            values (${tenant}, ${internshipId}, '2026-11-05', 80, 'Werk', 'confirmed', now(), now(), now())`);
      }
    });
  });

  const page = async (user: TUser, query: string) => {
    const res = await list({ periodId } as TWorld, user, query);
    expect(res.statusCode).toBe(200);
    const doc = res.json() as TProgressDocument;
    return { doc, names: doc.data.map((r) => r.attributes.student_name) };
  };
  const all = Array.from({ length: 7 }, (_, i) => `Kim Leerling ${i + 1}`);

  it('answers a page of 50 by default, with the total and the page', async () => {
    const { doc, names: got } = await page(schoolAdmin, '');
    expect(got).toEqual(all);
    expect(doc.meta.total).toBe(7);
    expect(doc.meta.page).toEqual({ number: 1, size: 50 });
  });

  it('cuts pages at their boundaries in the sort’s order, past the end empty, the size capped', async () => {
    const p1 = await page(schoolAdmin, '?page[size]=3');
    const p2 = await page(schoolAdmin, '?page[size]=3&page[number]=2');
    const p3 = await page(schoolAdmin, '?page[size]=3&page[number]=3');
    const p4 = await page(schoolAdmin, '?page[size]=3&page[number]=4');
    expect([p1, p2, p3, p4].map((p) => p.names)).toEqual([
      all.slice(0, 3),
      all.slice(3, 6),
      all.slice(6),
      [],
    ]);
    for (const p of [p1, p2, p3, p4]) expect(p.doc.meta.total).toBe(7);
    // The figures are the page rows' own (only number 2 has hours).
    expect(p1.doc.data[1]!.attributes.hours_confirmed).toBe(20);
    expect(p1.doc.data[0]!.attributes.hours_confirmed).toBe(0);
    expect((await page(schoolAdmin, '?page[size]=1000')).doc.meta.page.size).toBe(100);
    expect((await page(schoolAdmin, '?sort=-student_name&page[size]=2')).names).toEqual([all[6], all[5]]);
    // organization_name runs the other way ("Plek 7" is student 1's).
    expect((await page(schoolAdmin, '?sort=organization_name&page[size]=2')).names).toEqual([all[6], all[5]]);
    for (const bad of ['?page[size]=0', '?page[number]=x', '?sort=percent'])
      expect((await list({ periodId } as TWorld, schoolAdmin, bad)).statusCode).toBe(422);
  });

  it('filters before paging, and offers every filter choice whatever the page', async () => {
    const a1 = await page(schoolAdmin, `?group_id=${groupA}&page[size]=3`);
    const a2 = await page(schoolAdmin, `?group_id=${groupA}&page[size]=3&page[number]=2`);
    expect(a1.names).toEqual([all[0], all[2], all[4]]);
    expect(a2.names).toEqual([all[6]]);
    expect(a1.doc.meta.total).toBe(4);
    expect(a1.doc.meta.options.groups.map((g) => g.name)).toEqual(['A', 'B']);
    // The behind filter (the rule's result per row) pages the same way: six behind, number 2 not.
    const b = await page(schoolAdmin, '?behind=true&page[size]=4&page[number]=2');
    expect(b.doc.meta.total).toBe(6);
    expect(b.names).toEqual([all[5], all[6]]);
    expect((await page(schoolAdmin, '?behind=false')).names).toEqual([all[1]]);
  });

  it('gives a student only their own, paged or not', async () => {
    const own = await page(students[3]!, '?page[size]=1');
    expect(own.names).toEqual([all[3]]);
    expect(own.doc.meta.total).toBe(1);
    expect(own.doc.meta.options.groups.map((g) => g.name)).toEqual(['B']);
    expect((await page(students[3]!, '?page[number]=2&page[size]=1')).names).toEqual([]);
  });

  it('exports every row, whatever the page asked', async () => {
    const res = await call(h.app, {
      url: `/api/v1/progress/periods/${periodId}/export?page[size]=2&sort=-student_name`,
      headers: schoolAdmin.headers,
    });
    expect(res.statusCode).toBe(200);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines.slice(1).map((l) => l.split(';')[0])).toEqual([...all].reverse());
  });
});
