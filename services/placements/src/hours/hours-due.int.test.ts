import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TTenantId } from '@stageplein/contracts/tenants/tenant.types';
import {
  asOwner,
  call,
  expectStatus,
  harness,
  internshipParties,
  type THarness,
  type TInternshipParties,
  type TUser,
} from '../../test/harness.ts';

/**
 * The student's queue of hours to log (issue #30 item 2) through placements' HTTP app: the ended
 * weeks without hours of their running sheets (contracts' `hoursWeeksToLog`), counted by the server.
 * The harness's clock stands at Saturday 21 November 2026: the last ended week began Monday 9 November.
 */
let h: THarness;
let w: TInternshipParties;
let running: string;

beforeAll(async () => {
  h = await harness();
  w = await internshipParties(h, 'oldebroek');
  running = await internship(w, { start: '2026-10-05', end: '2026-12-18', status: 'active' });
}, 180_000);
afterAll(async () => h?.close());

async function internship(
  parties: TInternshipParties,
  i: { start: string | null; end: string | null; status: string; title?: string },
): Promise<string> {
  const id = randomUUID();
  await asOwner(h, parties.tenant, (trx) =>
    sql`insert into placements.internships (id, tenant_id, student_id, school_id, organization_id, title,
        contract_type, self_found, hours, updating_hours_allowed, status, start_date, end_date,
        created_at, updated_at)
      values (${id}, ${parties.tenant}, ${parties.student.id}, ${parties.schoolId}, ${parties.companyId},
        ${i.title ?? 'Zorgstage'}, 'hours', false, 40, true, ${i.status}, ${i.start}, ${i.end}, now(), now())`.execute(
      trx,
    ),
  );
  return id;
}

const due = (user: TUser | null, tenant: TTenantId = 'oldebroek') =>
  call(h.app, { url: '/api/v1/hours/due', headers: user?.headers ?? { 'x-tenant': tenant } });

const log = (id: string, date: string) =>
  call(h.app, {
    method: 'POST',
    url: `/api/v1/hours/${id}/entries`,
    headers: w.student.headers,
    payload: {
      data: { type: 'hours_entry', attributes: { date, hours: 3, description: 'Koffie geschonken' } },
    },
  });

type TDue = {
  data: { id: string; attributes: { week_count: number; weeks: { starts_on: string }[]; title: string } }[];
  meta: { total: number };
};

describe('hours to log: the student’s queue', () => {
  it('lists the ended weeks without hours of a running sheet, and a logged week leaves the queue', async () => {
    const before = await due(w.student);
    expectStatus(before, 200);
    const weeks = (res: typeof before) =>
      (res.json() as TDue).data.find((d) => d.id === running)?.attributes.weeks.map((x) => x.starts_on);
    // From the start (Monday 5 Oct) to the week of 9 Nov; the running week (16 Nov) is not due yet.
    expect(weeks(before)).toEqual([
      '2026-10-05',
      '2026-10-12',
      '2026-10-19',
      '2026-10-26',
      '2026-11-02',
      '2026-11-09',
    ]);
    expect((before.json() as TDue).meta.total).toBe(6);
    expect((before.json() as TDue).data[0]!.attributes).toMatchObject({
      internship_id: running,
      title: 'Zorgstage',
      week_count: 6,
    });
    expectStatus(await log(running, '2026-10-14'), 201);
    expectStatus(await log(running, '2026-11-08'), 201);
    // Hours logged this week do not make an ended week less due.
    expectStatus(await log(running, '2026-11-20'), 201);
    const after = await due(w.student);
    expect(weeks(after)).toEqual(['2026-10-05', '2026-10-19', '2026-10-26', '2026-11-09']);
    expect((after.json() as TDue).meta.total).toBe(4);
  });

  it('adds up the student’s running sheets; ended, locked and dateless ones ask nothing', async () => {
    const second = await internship(w, {
      start: '2026-11-02',
      end: '2026-11-30',
      status: 'approved',
      title: 'Tweede stage',
    });
    await internship(w, { start: '2026-09-01', end: '2026-10-30', status: 'completed' });
    await internship(w, { start: null, end: null, status: 'active' });
    const res = await due(w.student);
    const body = res.json() as TDue;
    expect(body.data.map((d) => [d.id, d.attributes.week_count])).toEqual([
      [running, 4],
      [second, 2],
    ]);
    expect(body.meta.total).toBe(6);
    // The school locks the second sheet: the student can no longer log there, so nothing waits.
    expectStatus(
      await call(h.app, { method: 'POST', url: `/api/v1/hours/${second}/lock`, headers: w.school.headers }),
      200,
    );
    const locked = (await due(w.student)).json() as TDue;
    expect(locked.data.map((d) => d.id)).toEqual([running]);
    expect(locked.meta.total).toBe(4);
  });

  it('is the student’s own: their mentor, the school, the company and another student have none', async () => {
    for (const user of [w.mentor, w.school, w.company, w.otherStudent]) {
      const res = await due(user);
      expectStatus(res, 200);
      expect(res.json()).toMatchObject({ data: [], meta: { total: 0 } });
    }
    expectStatus(await due(null), 401);
  });

  it('exists only on hours tenants (spec §1), and keeps tenants apart', async () => {
    const traineeship = await internshipParties(h, 'demo');
    expectStatus(await due(traineeship.student), 404, 'hours_unavailable');
    const other = await internshipParties(h, 'corderius');
    const res = await due(other.student);
    expectStatus(res, 200);
    expect(res.json()).toMatchObject({ data: [], meta: { total: 0 } });
  });
});
