import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dutchDate, schoolYearOf } from '@stageplein/contracts/domain/school-years';
import { internshipPeriodChoice } from '@stageplein/contracts/placements/internship-period-rule';
import type { TInternshipStatus } from '@stageplein/contracts/placements/internships';
import { getTenant } from '@stageplein/contracts/tenants/tenant-registry';
import { setTenant } from '@stageplein/kit/db/rls';
import type { TPlacementsDb } from '../database.ts';
import { createInternships } from './internships.service.ts';
import migration from '../migrations/20270124T0900-internship-period-backfill.ts';
import {
  adminOf,
  announceUser,
  apply,
  asOwner,
  call,
  expectStatus,
  harness,
  NOW,
  organization,
  outboxEvents,
  publishVacancy,
  userWith,
  type THarness,
  type TUser,
} from '../../test/harness.ts';

// Issue #30 item 1: an internship gets its period in the flow (approval, a school's assignment), the
// ones approved before are back-filled where the rule is unambiguous, the rest are listed to the school.
let h: THarness;
beforeAll(async () => {
  h = await harness();
}, 120_000);
afterAll(async () => {
  await h?.close();
});

type TPeriodRow = { id: string; start: string; end: string; year: string; status?: 'active' | 'archived' };

/** School years and periods straight into the read models (their consumer is tested elsewhere). */
async function schoolYears(today: string) {
  const years = { past: schoolYearOf(today, -1), current: schoolYearOf(today), next: schoolYearOf(today, 1) };
  const ids = { past: randomUUID(), current: randomUUID(), next: randomUUID() };
  await asOwner(h, 'demo', async (trx) => {
    for (const key of ['past', 'current', 'next'] as const)
      await sql`insert into placements.school_years (id, tenant_id, name, start_date, end_date, event_time)
        values (${ids[key]}, 'demo', ${years[key].name}, ${years[key].start_date}, ${years[key].end_date}, now())`.execute(
        trx,
      );
  });
  return { ids, y: Number(years.current.start_date.slice(0, 4)) };
}

async function periods(schoolId: string, rows: TPeriodRow[]) {
  await asOwner(h, 'demo', async (trx) => {
    for (const p of rows)
      await sql`insert into placements.internship_periods (id, tenant_id, school_id, school_year_id, name,
          start_date, end_date, status, deleted, event_time)
        values (${p.id}, 'demo', ${schoolId}, ${p.year}, ${`Periode ${p.start}`}, ${p.start}, ${p.end},
          ${p.status ?? 'active'}, false, now())`.execute(trx);
  });
}

/** The seeded shape: two periods this school year, one next year, one last year, one archived. */
async function seededPeriods(schoolId: string, today: string) {
  const { ids, y } = await schoolYears(today);
  const p = {
    first: { id: randomUUID(), start: `${y}-09-01`, end: `${y + 1}-01-31`, year: ids.current },
    second: { id: randomUUID(), start: `${y + 1}-02-01`, end: `${y + 1}-06-30`, year: ids.current },
    next: { id: randomUUID(), start: `${y + 1}-09-01`, end: `${y + 2}-01-31`, year: ids.next },
    past: { id: randomUUID(), start: `${y - 1}-09-01`, end: `${y}-01-31`, year: ids.past },
    archived: {
      id: randomUUID(),
      start: `${y}-08-15`,
      end: `${y}-12-31`,
      year: ids.current,
      status: 'archived' as const,
    },
  };
  await periods(schoolId, Object.values(p));
  return { ...p, y };
}

const action = (id: string, user: TUser, step: string, attributes?: Record<string, unknown>) =>
  call(h.app, {
    method: 'POST',
    url: `/api/v1/internships/${id}/${step}`,
    headers: user.headers,
    ...(attributes ? { payload: { data: { type: 'internship', id, attributes } } } : {}),
  });

/** Apply (the student) and accept (the company): the internship the school approves next. */
async function accepted(student: TUser, company: TUser, vacancyId: string) {
  const res = await apply(h, student, vacancyId);
  expectStatus(res, 201);
  const id = res.json().data.id as string;
  expectStatus(await action(id, company, 'accept'), 200);
  return id;
}

const periodOf = async (id: string) =>
  (
    await sql<{
      p: string | null;
    }>`select internship_period_id as p from placements.internships where id = ${id}`.execute(h.owner)
  ).rows[0]!.p;

describe('the internship period settled in the flow', () => {
  it('approval takes the period the school chose, else the rule’s suggestion; a wrong one changes nothing', async () => {
    const schoolId = await organization(h, 'School', 'approved');
    const school = await userWith(h, 'admin', schoolId, 'School');
    const student = await userWith(h, 'student', schoolId, 'School');
    await announceUser(h, student, 'Sam', 'Student');
    const company = await adminOf(h, 'Provider');
    // NOW (2026-11-21): the current school year 2026-2027.
    const p = await seededPeriods(schoolId, dutchDate(NOW));
    const inSecond = await publishVacancy(h, company, 5, {
      starts_on: `${p.y + 1}-02-15`,
      ends_on: `${p.y + 1}-04-15`,
    });
    const undated = await publishVacancy(h, company, 5);

    // The bank's application (the vacancy has no school period): the one period holding its start.
    const a = await accepted(student, company, inSecond);
    expect(await periodOf(a)).toBeNull();
    const approved = await action(a, school, 'approve');
    expectStatus(approved, 200);
    expect(approved.json().data.relationships.internship_period.data).toEqual({
      type: 'internship_period',
      id: p.second.id,
    });
    const [event] = await outboxEvents(h, 'placements.internship.approved', a);
    expect(event!.data).toMatchObject({ internship_period_id: p.second.id, status: 'approved' });

    // Chosen at approval: kept. Another school's period: refused at the field, nothing changed.
    const b = await accepted(student, company, undated);
    const foreign = randomUUID();
    await periods(await organization(h, 'School', 'approved'), [
      { id: foreign, start: `${p.y}-09-01`, end: `${p.y + 1}-01-31`, year: p.first.year },
    ]);
    const refused = await action(b, school, 'approve', { internship_period_id: foreign });
    expectStatus(refused, 422);
    expect(refused.json().errors[0]).toMatchObject({
      code: 'validation_failed',
      source: { pointer: '/data/attributes/internship_period_id' },
    });
    expect((await periodOf(b)) ?? 'none').toBe('none');
    expectStatus(await action(b, school, 'approve', { internship_period_id: p.next.id }), 200);
    expect(await periodOf(b)).toBe(p.next.id);

    // Only the approval chooses a period.
    const c = await accepted(student, company, await publishVacancy(h, company, 5));
    const early = await action(c, school, 'reject', { reason: 'Te laat', internship_period_id: p.first.id });
    expectStatus(early, 422);
    expect(early.json().errors[0].source.pointer).toBe('/data/attributes/internship_period_id');
    // Undated, several fit: the student's current period by the existing rule (running on NOW).
    expectStatus(await action(c, school, 'approve'), 200);
    expect(await periodOf(c)).toBe(p.first.id);
  });

  it('a school’s assignment gets the suggested period; a school without periods leaves it to the list', async () => {
    const schoolId = await organization(h, 'School', 'approved');
    const student = await userWith(h, 'student', schoolId, 'School');
    const company = await adminOf(h, 'Provider');
    const p = await seededPeriods(schoolId, dutchDate(NOW));
    const bare = await organization(h, 'School', 'approved');
    const bareAdmin = await userWith(h, 'admin', bare, 'School');
    const bareStudent = await userWith(h, 'student', bare, 'School');
    const create = (school: string, studentId: string, start: string | null) =>
      h.deps.db.transaction().execute(async (trx) => {
        await setTenant(trx, 'demo');
        const [row] = await createInternships(
          { db: trx as unknown as Kysely<TPlacementsDb>, tenant: getTenant('demo')!, now: NOW },
          { userId: school, impersonatorId: null },
          {
            schoolId: school,
            status: 'approved',
            items: [{ student_id: studentId, organization_id: company.organizationId, start_date: start }],
          },
        );
        return row!;
      });
    const assigned = await create(schoolId, student.id, `${p.y + 1}-03-01`);
    expect(assigned.internship_period_id).toBe(p.second.id);
    const none = await create(bare, bareStudent.id, null);
    expect(none.internship_period_id).toBeNull();

    // Listed to the school as needing a period: the list's existing filters, one statement.
    const needing = await call(h.app, {
      method: 'GET',
      url: '/api/v1/internships?filter[internship_period_id_null]=true&filter[status_in]=approved,active,completed',
      headers: bareAdmin.headers,
    });
    expectStatus(needing, 200);
    expect(needing.json().data.map((d: { id: string }) => d.id)).toEqual([none.id]);
    expect(needing.json().data[0].meta.editable_fields).toContain('internship_period_id');
  });
});

describe('the back-fill (migration 20270124T0900-internship-period-backfill)', () => {
  it('fills the unambiguous ones only, agrees with the rule, and its down takes back exactly what it filled', async () => {
    // The migration reads the database's date; the fixtures follow it.
    const today = (
      await sql<{
        d: string;
      }>`select to_char((now() at time zone 'Europe/Amsterdam')::date, 'YYYY-MM-DD') as d`.execute(h.owner)
    ).rows[0]!.d;
    await migration.down!(h.owner);
    const schoolId = await organization(h, 'School', 'approved');
    const single = await organization(h, 'School', 'approved');
    const overlapping = await organization(h, 'School', 'approved');
    const p = await seededPeriods(schoolId, today);
    const only = {
      id: randomUUID(),
      start: `${p.y + 1}-02-01`,
      end: `${p.y + 1}-05-31`,
      year: p.second.year,
    };
    await periods(single, [only]);
    const long = { id: randomUUID(), start: `${p.y}-09-01`, end: `${p.y + 1}-06-30`, year: p.first.year };
    const short = { id: randomUUID(), start: `${p.y}-11-01`, end: `${p.y}-12-31`, year: p.first.year };
    await periods(overlapping, [long, short]);

    const insert = (
      school: string,
      status: TInternshipStatus,
      start: string | null,
      period: string | null = null,
    ) =>
      asOwner(
        h,
        'demo',
        async (trx) =>
          (
            await sql<{ id: string }>`insert into placements.internships (tenant_id, student_id, school_id,
              internship_period_id, title, contract_type, self_found, organization_name, updating_hours_allowed,
              status, start_date, created_at, updated_at)
            values ('demo', gen_random_uuid(), ${school}, ${period}, 'Stage', 'hours', true, 'Bakkerij', true,
              ${status}, ${start}, now(), now()) returning id`.execute(trx)
          ).rows[0]!.id,
      );
    const i = {
      inFirst: await insert(schoolId, 'approved', `${p.y}-12-14`),
      inSecond: await insert(schoolId, 'active', `${p.y + 1}-03-01`),
      inSecondDone: await insert(schoolId, 'completed', `${p.y + 1}-02-01`),
      undated: await insert(schoolId, 'active', null),
      lastYear: await insert(schoolId, 'completed', `${p.y - 1}-10-01`),
      between: await insert(schoolId, 'active', `${p.y + 1}-07-15`),
      applied: await insert(schoolId, 'applied', `${p.y}-12-14`),
      cancelled: await insert(schoolId, 'cancelled', `${p.y}-12-14`),
      own: await insert(schoolId, 'active', `${p.y}-12-14`, p.second.id),
      onlyPeriod: await insert(single, 'approved', null),
      overlap: await insert(overlapping, 'active', `${p.y}-12-01`),
    };
    await migration.up(h.owner);
    const filled = Object.fromEntries(
      await Promise.all(Object.entries(i).map(async ([k, id]) => [k, await periodOf(id)] as const)),
    );
    expect(filled).toEqual({
      inFirst: p.first.id,
      inSecond: p.second.id,
      inSecondDone: p.second.id,
      undated: null,
      lastYear: null,
      between: null,
      applied: null,
      cancelled: null,
      own: p.second.id,
      onlyPeriod: only.id,
      overlap: null,
    });

    // The SQL is the rule's twin: where the rule calls the choice unambiguous, that period; else none.
    const refs = (rows: TPeriodRow[], s: string) =>
      rows
        .filter((r) => r.year !== p.past.year)
        .map((r) => ({
          id: r.id,
          status: r.status ?? 'active',
          schoolId: s,
          schoolYearId: r.year,
          startDate: r.start,
          endDate: r.end,
        }));
    const bySchool = {
      [schoolId]: refs([p.first, p.second, p.next, p.past, p.archived], schoolId),
      [single]: refs([only], single),
      [overlapping]: refs([long, short], overlapping),
    };
    const { rows: facts } = await sql<{
      id: string;
      school_id: string;
      start: string | null;
      status: string;
    }>`
      select id, school_id, to_char(start_date, 'YYYY-MM-DD') as start, status from placements.internships
      where id in (${sql.join(Object.values(i).filter((id) => id !== i.own))})`.execute(h.owner);
    for (const f of facts) {
      const choice = internshipPeriodChoice(bySchool[f.school_id]!, { startDate: f.start }, today);
      const needed = ['approved', 'active', 'completed'].includes(f.status);
      expect(await periodOf(f.id)).toBe(needed && choice.unambiguous ? choice.suggested!.id : null);
    }

    // The school changes one afterwards; down takes back only what it filled and left unchanged.
    await sql`update placements.internships set internship_period_id = ${p.first.id} where id = ${i.inSecond}`.execute(
      h.owner,
    );
    await migration.down!(h.owner);
    expect(await periodOf(i.inFirst)).toBeNull();
    expect(await periodOf(i.onlyPeriod)).toBeNull();
    expect(await periodOf(i.inSecond)).toBe(p.first.id);
    expect(await periodOf(i.own)).toBe(p.second.id);
    const table = await sql<{
      t: string | null;
    }>`select to_regclass('placements.internship_period_backfills')::text as t`.execute(h.owner);
    expect(table.rows[0]!.t).toBeNull();
    await migration.up(h.owner);
    expect(await periodOf(i.inFirst)).toBe(p.first.id);
    const recorded = await sql<{
      n: number;
    }>`select count(*)::int as n from placements.internship_period_backfills
      where internship_id in (${sql.join(Object.values(i))})`.execute(h.owner);
    expect(recorded.rows[0]!.n).toBe(3);
  });
});
