import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql, type Kysely } from 'kysely';
import type { TTenantId } from '@stageplein/contracts/tenants/tenant.types';
import type {
  TAnalyticsRowsDocument,
  TOrganizationAnalyticsDocument,
  TSchoolAnalyticsDocument,
} from '@stageplein/contracts/placements/analytics';
import {
  ANALYTICS_ACTION_METRICS,
  ANALYTICS_METRICS,
  PLACED_STATUSES,
} from '@stageplein/contracts/placements/analytics';
import { INTERNSHIP_STATUSES, type TInternshipStatus } from '@stageplein/contracts/placements/internships';
import { ORGANIZATION_TYPES } from '@stageplein/contracts/identity/roles';
import { ORGANIZATION_STATUSES } from '@stageplein/contracts/organizations/organizations';
import { rebuildAnalytics } from './index.ts';
import {
  apply,
  asOwner,
  call,
  deliver,
  eventually,
  expectStatus,
  harness,
  internshipParties,
  organization,
  publishVacancy,
  schoolWorld,
  userWith,
  type TInternshipParties,
  type THarness,
  type TUser,
} from '../../test/harness.ts';

/**
 * Analytics' read models (docs/decisions/analytics.md) on a real PostgreSQL (RLS): random event
 * histories written beside the tables they describe, rebuilt from the outbox, must give the numbers the
 * tables give; who sees what; the CSV.
 *
 * A history's events go into placements' outbox only (not the relay's queue), so the rebuild is what
 * applies them: the test compares the rebuild, not a race with live delivery.
 */
let h: THarness;
let p: TInternshipParties;
let students: TUser[];
beforeAll(async () => {
  h = await harness();
  p = await internshipParties(h, 'demo');
  students = [
    p.student,
    p.otherStudent,
    await userWith(h, 'student', p.schoolId, 'School', 'demo'),
    await userWith(h, 'student', p.schoolId, 'School', 'demo'),
  ];
});
afterAll(async () => h?.close());

const PLACED: readonly string[] = PLACED_STATUSES;

type TOp =
  | { k: number; op: 'status'; status: TInternshipStatus }
  | { k: number; op: 'hours'; quarters: number; confirmed: boolean }
  | { k: number; op: 'contract'; step: 'generated' | 'released' | 'signed' | 'voided' }
  | { k: number; op: 'escalate' | 'complete'; task: number }
  | { k: number; op: 'phase'; phase: number | null }
  | { k: number; op: 'evaluation'; step: 'opened' | 'submitted' };

const INTERNSHIPS = 6;
const zOp: fc.Arbitrary<TOp> = fc.oneof(
  fc.record({
    k: fc.nat(INTERNSHIPS - 1),
    op: fc.constant('status' as const),
    status: fc.constantFrom(...INTERNSHIP_STATUSES),
  }),
  fc.record({
    k: fc.nat(INTERNSHIPS - 1),
    op: fc.constant('hours' as const),
    quarters: fc.integer({ min: 1, max: 40 }),
    confirmed: fc.boolean(),
  }),
  fc.record({
    k: fc.nat(INTERNSHIPS - 1),
    op: fc.constant('contract' as const),
    step: fc.constantFrom('generated' as const, 'released' as const, 'signed' as const, 'voided' as const),
  }),
  fc.record({
    k: fc.nat(INTERNSHIPS - 1),
    op: fc.constantFrom('escalate' as const, 'complete' as const),
    task: fc.nat(2),
  }),
  // Entering one of three phases, or (null) leaving the current one.
  fc.record({
    k: fc.nat(INTERNSHIPS - 1),
    op: fc.constant('phase' as const),
    phase: fc.option(fc.nat(2)),
  }),
  fc.record({
    k: fc.nat(INTERNSHIPS - 1),
    op: fc.constant('evaluation' as const),
    step: fc.constantFrom('opened' as const, 'submitted' as const),
  }),
);
/** The phases of the histories (the runtime's definition ids; no phase rows, so no names). */
const PHASES = [randomUUID(), randomUUID(), randomUUID()];
const zHistory = fc.record({
  internships: fc.array(
    fc.record({
      student: fc.nat(3),
      initial: fc.constantFrom('applied' as const, 'approved' as const),
      hours: fc.option(fc.integer({ min: 1, max: 200 })),
    }),
    { minLength: 1, maxLength: INTERNSHIPS },
  ),
  ops: fc.array(zOp, { maxLength: 40 }),
});

/**
 * Writes one history: the tables it changes (internships, hours entries) and, in the same order, the
 * events placements writes for those changes; contracts and phase tasks as events only, their expected
 * numbers folded here. Returns the period and the folded numbers.
 */
async function writeHistory(tenant: TTenantId, history: TGen) {
  const periodId = randomUUID();
  const ids = history.internships.map(() => randomUUID());
  const contracts = new Map<number, { id: string; status: string }>();
  const openTasks = new Map<number, Set<number>>();
  const taskIds = ids.map(() => [randomUUID(), randomUUID(), randomUUID()]);
  const phases = new Map<number, number>();
  const evaluations = new Map<number, { id: string; outstanding: boolean }>();
  /** When each internship was applied for and first placed (hours on the history's clock). */
  const appliedAt = new Map<number, number>();
  const placedAt = new Map<number, number>();
  const statusOf = new Map<number, string>();
  let clock = Date.parse('2026-11-01T08:00:00Z');
  await asOwner(h, tenant, async (trx) => {
    const event = async (type: string, subject: string, data: Record<string, unknown>) => {
      clock += 3_600_000;
      const envelope = {
        id: randomUUID(),
        type,
        source: 'placements',
        subject,
        time: new Date(clock).toISOString(),
        tenant,
        actor: 'system',
        version: 1,
        data,
      };
      await sql`insert into placements.outbox (id, tenant_id, type, aggregate_id, envelope)
        values (${envelope.id}, ${tenant}, ${type}, ${subject}, ${JSON.stringify(envelope)}::jsonb)`.execute(
        trx,
      );
    };
    await sql`insert into placements.internship_periods (id, tenant_id, school_id, school_year_id, name,
        start_date, end_date, status, deleted, event_time)
      values (${periodId}, ${tenant}, ${p.schoolId}, ${randomUUID()}, 'Periode', '2026-11-01', '2026-12-31',
        'active', false, now())`.execute(trx);
    const snapshot = async (k: number) => {
      const { rows } = await sql<
        Record<string, unknown>
      >`select * from placements.internships where id = ${ids[k]}`.execute(trx);
      const i = rows[0]!;
      return {
        internship_id: i.id,
        student_id: i.student_id,
        school_id: i.school_id,
        organization_id: i.organization_id,
        vacancy_id: null,
        internship_period_id: i.internship_period_id,
        contact_person_id: null,
        supervisor_id: null,
        title: i.title,
        organization_name: null,
        self_found: false,
        contract_type: 'hours',
        start_date: '2026-11-01',
        end_date: null,
        status: i.status,
        hours: i.hours === null ? null : Number(i.hours),
        updated_at: new Date(clock).toISOString(),
      };
    };
    for (const [k, spec] of history.internships.entries()) {
      await sql`insert into placements.internships (id, tenant_id, student_id, school_id, organization_id, title,
          contract_type, self_found, hours, updating_hours_allowed, status, start_date, internship_period_id,
          created_at, updated_at)
        values (${ids[k]}, ${tenant}, ${students[spec.student]!.id}, ${p.schoolId}, ${p.companyId}, 'Stage',
          'hours', false, ${spec.hours}, true, ${spec.initial}, '2026-11-01', ${periodId}, now(), now())`.execute(
        trx,
      );
      await event('placements.internship.created', ids[k]!, await snapshot(k));
      appliedAt.set(k, clock);
      statusOf.set(k, spec.initial);
      if (PLACED.includes(spec.initial)) placedAt.set(k, clock);
    }
    const ref = (k: number) => ({
      contract_id: contracts.get(k)!.id,
      internship_id: ids[k],
      school_id: p.schoolId,
      organization_id: p.companyId,
      student_id: students[history.internships[k]!.student]!.id,
    });
    for (const o of history.ops) {
      if (o.k >= ids.length) continue;
      const id = ids[o.k]!;
      if (o.op === 'status') {
        const { rows } = await sql<{
          status: string;
        }>`select status from placements.internships where id = ${id}`.execute(trx);
        if (rows[0]!.status === o.status) continue;
        await sql`update placements.internships set status = ${o.status} where id = ${id}`.execute(trx);
        const verb = { ...(await snapshot(o.k)), from_status: rows[0]!.status, reason: null };
        const type =
          o.status === 'submitted' || o.status === 'applied'
            ? 'placements.internship.updated'
            : `placements.internship.${o.status === 'active' ? 'activated' : o.status}`;
        await event(type, id, type === 'placements.internship.updated' ? await snapshot(o.k) : verb);
        statusOf.set(o.k, o.status);
        if (PLACED.includes(o.status) && !placedAt.has(o.k)) placedAt.set(o.k, clock);
      } else if (o.op === 'hours') {
        await sql`insert into placements.hours_entries (tenant_id, internship_id, date, quarters, description, status,
            decided_at, created_at, updated_at)
          values (${tenant}, ${id}, '2026-11-02', ${o.quarters}, 'Werk', ${o.confirmed ? 'confirmed' : 'pending'},
            ${o.confirmed ? new Date(clock) : null}, now(), now())`.execute(trx);
        const { rows } = await sql<{ c: number; p: number }>`select
            coalesce(sum(quarters) filter (where status = 'confirmed'), 0)::int as c,
            coalesce(sum(quarters) filter (where status = 'pending'), 0)::int as p
          from placements.hours_entries where internship_id = ${id}`.execute(trx);
        const { c, p: pq } = rows[0]!;
        await event('placements.hours.entry_logged', id, {
          internship_id: id,
          hours_logged: (c + pq) / 4,
          hours_supervisor: c / 4,
          hours_pending: pq / 4,
          updating_hours_allowed: true,
          signed_off: false,
          entry_id: randomUUID(),
          date: '2026-11-02',
          hours: o.quarters / 4,
          status: o.confirmed ? 'confirmed' : 'pending',
        });
      } else if (o.op === 'contract') {
        const current = contracts.get(o.k);
        if (o.step === 'generated') {
          if (current && !['voided', 'sealed', 'signed'].includes(current.status)) continue;
          contracts.set(o.k, { id: randomUUID(), status: 'draft' });
          await event('placements.contract.generated', contracts.get(o.k)!.id, {
            ...ref(o.k),
            template_id: randomUUID(),
            template_version_id: randomUUID(),
            source: 'manual',
            signers: [],
          });
        } else if (o.step === 'released' && current?.status === 'draft') {
          current.status = 'signing';
          await event('placements.contract.released', current.id, { ...ref(o.k), status: 'signing' });
        } else if (o.step === 'signed' && current?.status === 'signing') {
          current.status = 'signed';
          await event('placements.contract.signed', current.id, {
            ...ref(o.k),
            signed_at: new Date(clock).toISOString(),
          });
        } else if (o.step === 'voided' && current && ['draft', 'signing'].includes(current.status)) {
          await event('placements.contract.voided', current.id, {
            ...ref(o.k),
            from: current.status,
            reason: 'Fout',
          });
          current.status = 'voided';
        }
      } else if (o.op === 'phase') {
        const run = { internship_id: id, version_id: PHASES[0]! };
        const current = phases.get(o.k);
        if (o.phase === null) {
          if (current === undefined) continue;
          await event('placements.internship_phase.left', id, {
            ...run,
            phase_id: PHASES[current],
            internship_phase_id: randomUUID(),
            state: 'completed',
            by: null,
          });
          phases.delete(o.k);
          openTasks.delete(o.k); // leaving a phase clears its overdue tasks
        } else {
          await event('placements.internship_phase.entered', id, {
            ...run,
            phase_id: PHASES[o.phase],
            internship_phase_id: randomUUID(),
            entry: 1,
            status: 'active',
          });
          phases.set(o.k, o.phase);
        }
      } else if (o.op === 'evaluation') {
        const current = evaluations.get(o.k);
        const figures = (evaluationId: string, state: 'open' | 'submitted') => ({
          evaluation_id: evaluationId,
          internship_id: id,
          template_id: PHASES[1],
          states: { student: state },
          score: null,
        });
        if (o.step === 'opened') {
          evaluations.set(o.k, { id: randomUUID(), outstanding: true });
          await event('placements.evaluation.opened', id, figures(evaluations.get(o.k)!.id, 'open'));
        } else if (current) {
          current.outstanding = false;
          await event('placements.evaluation.submitted', id, {
            ...figures(current.id, 'submitted'),
            role: 'student',
            form_id: null,
            form_version: 1,
            part_score: null,
          });
        }
      } else {
        const open = openTasks.get(o.k) ?? new Set<number>();
        openTasks.set(o.k, open);
        const task = {
          internship_id: id,
          phase_task_id: taskIds[o.k]![o.task],
          task_id: randomUUID(),
          actor: 'student',
          due_at: '2026-11-05T00:00:00Z',
        };
        if (o.op === 'escalate') {
          open.add(o.task);
          await event('placements.phase_task.escalated', id, { ...task, level: 1, to: 'mentor' });
        } else if (open.has(o.task)) {
          open.delete(o.task);
          await event('placements.phase_task.completed', id, { ...task, completed_by: null });
        }
      }
    }
  });
  const byPhase = new Map<string, number>();
  for (const phase of phases.values()) byPhase.set(PHASES[phase]!, (byPhase.get(PHASES[phase]!) ?? 0) + 1);
  // Days from application to the first placement, of the internships placed now (hours on the clock).
  const days = [...placedAt.entries()]
    .filter(([k]) => PLACED.includes(statusOf.get(k)!))
    .map(([k, at]) => (at - appliedAt.get(k)!) / 86_400_000)
    .sort((x, y) => x - y);
  const mid = days.length / 2;
  return {
    periodId,
    unsigned: [...contracts.values()].filter((c) => c.status === 'signing').length,
    overdue: [...openTasks.values()].reduce((n, s) => n + s.size, 0),
    byPhase: [...byPhase.entries()].map(([key, count]) => ({ key, count })),
    evaluationsOutstanding: [...evaluations.values()].filter((e) => e.outstanding).length,
    timeToPlacement: {
      count: days.length,
      median:
        days.length === 0
          ? null
          : days.length % 2
            ? days[Math.floor(mid)]!
            : (days[mid - 1]! + days[mid]!) / 2,
      average: days.length === 0 ? null : days.reduce((a, b) => a + b, 0) / days.length,
    },
  };
}
type TGen = typeof zHistory extends fc.Arbitrary<infer T> ? T : never;

/** The numbers as the tables give them, for the school and the period. */
async function fromTables(tenant: TTenantId, periodId: string) {
  return asOwner(h, tenant, async (trx: Kysely<unknown>) => {
    const statuses = await sql<{
      status: string;
      n: number;
    }>`select status, count(*)::int as n from placements.internships
      where school_id = ${p.schoolId} and internship_period_id = ${periodId} group by status order by status`.execute(
      trx,
    );
    const hours = await sql<{ logged: number; confirmed: number }>`select
        coalesce(sum(e.quarters) filter (where e.status in ('confirmed', 'pending')), 0)::float8 / 4 as logged,
        coalesce(sum(e.quarters) filter (where e.status = 'confirmed'), 0)::float8 / 4 as confirmed
      from placements.internships i join placements.hours_entries e on e.internship_id = i.id
      where i.school_id = ${p.schoolId} and i.internship_period_id = ${periodId} and i.status = any(${PLACED})`.execute(
      trx,
    );
    const placed = await sql<{
      n: number;
    }>`select count(distinct student_id)::int as n from placements.internships
      where school_id = ${p.schoolId} and internship_period_id = ${periodId} and status = any(${PLACED})`.execute(
      trx,
    );
    const required = await sql<{ n: number }>`select coalesce(sum(hours), 0)::float8 as n
      from placements.internships
      where school_id = ${p.schoolId} and internship_period_id = ${periodId} and status = any(${PLACED})`.execute(
      trx,
    );
    return {
      required: Number(required.rows[0]!.n),
      byStatus: statuses.rows.map((r) => ({ key: r.status, count: r.n })),
      hours: { logged: Number(hours.rows[0]!.logged), confirmed: Number(hours.rows[0]!.confirmed) },
      withoutPlacement: students.length - placed.rows[0]!.n,
      placed: statuses.rows.filter((r) => PLACED.includes(r.status)).reduce((n, r) => n + r.n, 0),
    };
  });
}

const summary = async (user: TUser, query: string) => {
  const res = await call(h.app, { url: `/api/v1/analytics/school${query}`, headers: user.headers });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as TSchoolAnalyticsDocument).data.attributes;
};

describe('analytics read models', () => {
  it('rebuilt from random event histories give the numbers the tables give', async () => {
    await fc.assert(
      fc.asyncProperty(zHistory, async (history) => {
        const expected = await writeHistory('demo', history);
        await rebuildAnalytics(h.deps.db, 'demo');
        const tables = await fromTables('demo', expected.periodId);
        const a = await summary(p.school, `?period_id=${expected.periodId}`);
        expect(a.by_status.map((s) => ({ key: s.key, count: s.count }))).toEqual(tables.byStatus);
        expect(a.applications.placed).toBe(tables.placed);
        expect(a.action.without_placement).toBe(tables.withoutPlacement);
        expect(a.students).toBe(students.length);
        expect(a.hours.logged).toBeCloseTo(tables.hours.logged, 6);
        expect(a.hours.confirmed).toBeCloseTo(tables.hours.confirmed, 6);
        expect(a.action.unsigned_contracts).toBe(expected.unsigned);
        expect(a.action.overdue_tasks).toBe(expected.overdue);
        expect(a.hours.required).toBe(tables.required);
        const byKey = (xs: { key: string; count: number }[]) =>
          [...xs].sort((x, y) => x.key.localeCompare(y.key));
        expect(byKey(a.by_phase.map((x) => ({ key: x.key, count: x.count })))).toEqual(
          byKey(expected.byPhase),
        );
        expect(a.evaluations_outstanding).toBe(expected.evaluationsOutstanding);
        expect(a.contracts.out_for_signing).toBe(expected.unsigned);
        expect(a.contracts.by_age.reduce((n, b) => n + b.count, 0)).toBe(expected.unsigned);
        const ttp = expected.timeToPlacement;
        expect(a.time_to_placement.count).toBe(ttp.count);
        // Rounded to a tenth of a day by the statement.
        for (const [got, want] of [
          [a.time_to_placement.median_days, ttp.median],
          [a.time_to_placement.average_days, ttp.average],
        ] as const) {
          if (want === null) expect(got).toBeNull();
          else expect(Math.abs(got! - want)).toBeLessThanOrEqual(0.05 + 1e-9);
        }
        // A second rebuild changes nothing.
        await rebuildAnalytics(h.deps.db, 'demo');
        expect(await summary(p.school, `?period_id=${expected.periodId}`)).toEqual(a);
      }),
      { numRuns: 15 },
    );
  });
});

describe('the drill-down', () => {
  const rowsPage = async (query: string) => {
    const res = await call(h.app, {
      url: `/api/v1/analytics/school/internships${query}`,
      headers: p.school.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as TAnalyticsRowsDocument;
  };

  // Paged in SQL: the pages of any size, laid end to end, are every row of the number in the one order
  // the CSV (never paged) has, and each page carries the number's total.
  it('pages every number in SQL in the order of its CSV, over random histories', async () => {
    await fc.assert(
      fc.asyncProperty(zHistory, fc.integer({ min: 1, max: 3 }), async (history, size) => {
        const { periodId } = await writeHistory('demo', history);
        await rebuildAnalytics(h.deps.db, 'demo');
        for (const metric of ANALYTICS_METRICS) {
          const query = `?period_id=${periodId}&metric=${metric}`;
          const all = await rowsPage(`${query}&page[size]=200`);
          const pages: TAnalyticsRowsDocument['data'] = [];
          for (let n = 1; n <= Math.ceil(all.meta.total / size) + 1; n++) {
            const page = await rowsPage(`${query}&page[size]=${size}&page[number]=${n}`);
            expect(page.meta.total).toBe(all.meta.total);
            expect(page.data.length).toBe(Math.max(0, Math.min(size, all.meta.total - (n - 1) * size)));
            pages.push(...page.data);
          }
          expect(pages).toEqual(all.data);
          expect(all.data).toHaveLength(all.meta.total);
          const csv = await call(h.app, {
            url: `/api/v1/analytics/school/export${query}`,
            headers: p.school.headers,
          });
          const names = csv.body
            .replace(/^\uFEFF/, '')
            .trim()
            .split('\r\n')
            .slice(1);
          expect(names.map((line) => line.split(';')[0])).toEqual(
            all.data.map((r) => r.attributes.student_name),
          );
          if (metric === 'hours_behind')
            expect(all.data.every((r) => r.attributes.behind_schedule)).toBe(true);
        }
        // The action numbers agree with their rows (overdue tasks: a row per internship, counting its tasks).
        const a = await summary(p.school, `?period_id=${periodId}`);
        for (const metric of ANALYTICS_ACTION_METRICS) {
          const rows = await rowsPage(`?period_id=${periodId}&metric=${metric}&page[size]=200`);
          expect(
            metric === 'overdue_tasks'
              ? rows.data.reduce((n, r) => n + r.attributes.overdue_tasks, 0)
              : rows.meta.total,
          ).toBe(a.action[metric]);
        }
      }),
      { numRuns: 6 },
    );
  });
});

describe('organizations by type and region', () => {
  // Random histories of organizations' events about new organizations (a type, a city, a status, deleted
  // or not, changing over time); the school view's counts move by what the last event of each says.
  const zOrgEvent = fc.record({
    k: fc.nat(4),
    type: fc.constantFrom(...ORGANIZATION_TYPES),
    city: fc.constantFrom(null, 'Amersfoort', ' Zwolle ', 'Leusden', ''),
    status: fc.constantFrom(...ORGANIZATION_STATUSES),
    deleted: fc.boolean(),
  });
  type TRegionCount = { type: string; region: string | null; count: number };
  const asMap = (rows: readonly TRegionCount[]) =>
    Object.fromEntries(rows.map((r) => [`${r.type}|${r.region}`, r.count]));

  it("follow organizations' events as the read model applies them", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(zOrgEvent, { minLength: 1, maxLength: 12 }), async (events) => {
        const before = asMap((await summary(p.school, '')).organizations);
        const ids = [0, 1, 2, 3, 4].map(() => randomUUID());
        const last = new Map<number, (typeof events)[number]>();
        for (const e of events) {
          last.set(e.k, e);
          await deliver(
            h,
            e.deleted ? 'organizations.organization.deleted' : 'organizations.organization.updated',
            ids[e.k]!,
            {
              organization_id: ids[e.k]!,
              organization_type: e.type,
              name: `Organisatie ${e.k}`,
              status: e.status,
              website: null,
              city: e.city,
              parent_id: null,
            },
            'demo',
          );
        }
        const expected = { ...before };
        for (const e of last.values()) {
          if (e.deleted || e.status !== 'approved') continue;
          const key = `${e.type}|${e.city?.trim() || null}`;
          expected[key] = (expected[key] ?? 0) + 1;
        }
        await eventually(async () =>
          expect(asMap((await summary(p.school, '')).organizations)).toEqual(expected),
        );
      }),
      { numRuns: 8 },
    );
  });
});

describe('the live consumer', () => {
  it("keeps the read models from placements' events as they are delivered", async () => {
    const company = await internshipParties(h, 'demo');
    const vacancyId = randomUUID();
    await deliver(
      h,
      'placements.vacancy.published',
      vacancyId,
      {
        vacancy_id: vacancyId,
        organization_id: company.companyId,
        title: 'Gastvrouw',
        kind: 'internship',
        status: 'published',
        hidden: false,
        city: null,
        latitude: null,
        longitude: null,
        places: 2,
        hours_per_week: null,
        starts_on: null,
        ends_on: null,
        published_at: '2026-11-20T09:00:00Z',
        closes_at: null,
        updated_at: '2026-11-20T09:00:00Z',
      },
      'demo',
    );
    await eventually(async () => {
      const res = await call(h.app, {
        url: '/api/v1/analytics/organization',
        headers: company.company.headers,
      });
      const a = (res.json() as TOrganizationAnalyticsDocument).data.attributes;
      expect(a.totals.vacancies_published).toBe(1);
      expect(a.vacancies).toEqual([
        { id: vacancyId, title: 'Gastvrouw', status: 'published', places: 2, applicants: 0, interns: 0 },
      ]);
    });
  });
});

describe('vacancies filled', () => {
  // The school view's `vacancies.filled`: published vacancies whose places all hold a placement. Filled
  // here through the product's own steps (apply, the company accepts, the school approves).
  it("moves by one when a vacancy's last place is accepted, and back when the place frees", async () => {
    const w = await schoolWorld(h, 'demo');
    const periodId = randomUUID();
    await asOwner(h, 'demo', (trx) =>
      sql`insert into placements.internship_periods (id, tenant_id, school_id, school_year_id, name,
          start_date, end_date, status, deleted, event_time)
        values (${periodId}, 'demo', ${w.schoolId}, ${randomUUID()}, 'Periode', '2026-11-01', '2026-12-31',
          'active', false, now())`.execute(trx),
    );
    // Two places in the school's period, so its students' applications count in the period's numbers.
    const vacancyId = await publishVacancy(h, w.company, 2, { internship_period_id: periodId });
    const query = `?period_id=${periodId}`;
    /** The vacancy as the organization's view counts it: a sign the projection has applied a step. */
    const seen = (applicants: number, interns: number) =>
      eventually(async () => {
        const res = await call(h.app, { url: '/api/v1/analytics/organization', headers: w.company.headers });
        const v = (res.json() as TOrganizationAnalyticsDocument).data.attributes.vacancies;
        expect(v.find((x) => x.id === vacancyId)).toMatchObject({ places: 2, applicants, interns });
      });
    const act = async (id: string, user: TUser, action: string) =>
      expectStatus(
        await call(h.app, {
          method: 'POST',
          url: `/api/v1/internships/${id}/${action}`,
          headers: user.headers,
        }),
        200,
      );
    await seen(0, 0);
    const before = (await summary(w.school, query)).vacancies;
    const ids: string[] = [];
    for (const student of [w.student, w.otherStudent]) {
      const res = await apply(h, student, vacancyId);
      expectStatus(res, 201);
      ids.push(res.json().data.id as string);
    }
    await seen(2, 0);
    expect((await summary(w.school, query)).vacancies).toEqual(before);
    // One place of two placed: not yet filled.
    await act(ids[0]!, w.company, 'accept');
    await seen(1, 1);
    expect((await summary(w.school, query)).vacancies).toEqual(before);
    // The last place accepted (the filling event): filled by exactly one, still published.
    await act(ids[1]!, w.company, 'accept');
    const filled = { published: before.published, filled: before.filled + 1 };
    await eventually(async () => {
      const a = await summary(w.school, query);
      expect(a.vacancies).toEqual(filled);
      expect(a.applications.placed).toBe(2);
    });
    // Approved by the school: the same two placements, still filled once.
    for (const id of ids) await act(id, w.school, 'approve');
    await eventually(async () =>
      expect((await summary(w.school, query)).by_status).toEqual([
        { key: 'approved', label: 'approved', count: 2 },
      ]),
    );
    expect((await summary(w.school, query)).vacancies).toEqual(filled);
    // A student withdraws: a place is free again.
    await act(ids[1]!, w.otherStudent, 'withdraw');
    await eventually(async () => expect((await summary(w.school, query)).vacancies).toEqual(before));
  });

  it("shows a vacancy filled by another school's student at the school's next request", async () => {
    // The count is the tenant's: a school's kept numbers must not outlive another school's placement.
    const q = await internshipParties(h, 'demo');
    const periodId = randomUUID();
    await asOwner(h, 'demo', (trx) =>
      sql`insert into placements.internship_periods (id, tenant_id, school_id, school_year_id, name,
          start_date, end_date, status, deleted, event_time)
        values (${periodId}, 'demo', ${q.schoolId}, ${randomUUID()}, 'Periode', '2026-11-01', '2026-12-31',
          'active', false, now())`.execute(trx),
    );
    const query = `?period_id=${periodId}`;
    const w = await schoolWorld(h, 'demo', { places: 1 });
    const interns = (n: number) =>
      eventually(async () => {
        const res = await call(h.app, { url: '/api/v1/analytics/organization', headers: w.company.headers });
        const v = (res.json() as TOrganizationAnalyticsDocument).data.attributes.vacancies;
        expect(v.find((x) => x.id === w.vacancyId)).toMatchObject({ places: 1, interns: n });
      });
    await interns(0);
    const applied = await apply(h, w.student, w.vacancyId);
    expectStatus(applied, 201);
    const before = (await summary(q.school, query)).vacancies;
    expectStatus(
      await call(h.app, {
        method: 'POST',
        url: `/api/v1/internships/${applied.json().data.id as string}/accept`,
        headers: w.company.headers,
      }),
      200,
    );
    await interns(1);
    expect((await summary(q.school, query)).vacancies).toEqual({
      published: before.published,
      filled: before.filled + 1,
    });
  });
});

describe('internships by organization', () => {
  /** A new period of the school (school read model). */
  const newPeriod = async (schoolId: string) => {
    const periodId = randomUUID();
    await asOwner(h, 'demo', (trx) =>
      sql`insert into placements.internship_periods (id, tenant_id, school_id, school_year_id, name,
          start_date, end_date, status, deleted, event_time)
        values (${periodId}, 'demo', ${schoolId}, ${randomUUID()}, 'Periode', '2026-11-01', '2026-12-31',
          'active', false, now())`.execute(trx),
    );
    return periodId;
  };
  /** Internships created in the period through placements' events; their ids once analytics has them. */
  const deliverInternships = async (
    periodId: string,
    internships: readonly {
      student: TUser;
      schoolId: string;
      org: string | null;
      name?: string;
      status: TInternshipStatus;
    }[],
  ) => {
    const ids = internships.map(() => randomUUID());
    for (const [k, i] of internships.entries())
      await deliver(
        h,
        'placements.internship.created',
        ids[k]!,
        {
          internship_id: ids[k]!,
          student_id: i.student.id,
          school_id: i.schoolId,
          organization_id: i.org,
          vacancy_id: null,
          internship_period_id: periodId,
          contact_person_id: null,
          supervisor_id: null,
          title: 'Stage',
          organization_name: i.name ?? null,
          self_found: i.org === null,
          contract_type: 'hours',
          start_date: null,
          end_date: null,
          status: i.status,
          hours: null,
          updated_at: '2026-11-20T09:00:00Z',
        },
        'demo',
      );
    await eventually(async () => {
      const { rows } = await asOwner(h, 'demo', (trx) =>
        sql`select id from placements.analytics_internships where id = any(${ids}::uuid[])`.execute(trx),
      );
      expect(rows).toHaveLength(ids.length);
    });
    return ids;
  };
  const drilled = async (user: TUser, query: string) => {
    const res = await call(h.app, {
      url: `/api/v1/analytics/school/internships${query}`,
      headers: user.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as TAnalyticsRowsDocument).data.map((r) => r.attributes.internship_id).sort();
  };

  it("counts the period's internships of the school's students per organization, never another school's", async () => {
    const q = await internshipParties(h, 'demo');
    const providerId = await organization(h, 'Provider', 'approved');
    const third = await userWith(h, 'student', q.schoolId, 'School', 'demo');
    const theirs = await userWith(h, 'student', q.otherSchoolId, 'School', 'demo');
    const periodId = await newPeriod(q.schoolId);
    // Three at the company (one placed), one at the provider (placed); and another school's student
    // placed at the company, in the same period id, so only the school keeps it out.
    const ids = await deliverInternships(periodId, [
      { student: q.student, schoolId: q.schoolId, org: q.companyId, status: 'approved' },
      { student: q.otherStudent, schoolId: q.schoolId, org: q.companyId, status: 'applied' },
      { student: third, schoolId: q.schoolId, org: q.companyId, status: 'declined' },
      { student: third, schoolId: q.schoolId, org: providerId, status: 'active' },
      { student: theirs, schoolId: q.otherSchoolId, org: q.companyId, status: 'approved' },
    ]);
    const names = await asOwner(h, 'demo', async (trx) => {
      const { rows } = await sql<{ id: string; name: string }>`select id, name from placements.organizations
        where id in (${q.companyId}, ${providerId})`.execute(trx);
      return Object.fromEntries(rows.map((r) => [r.id, r.name]));
    });
    const a = await summary(q.school, `?period_id=${periodId}`);
    expect(a.by_organization).toEqual([
      { id: q.companyId, name: names[q.companyId], self_found: false, internships: 3, placed: 1 },
      { id: providerId, name: names[providerId], self_found: false, internships: 1, placed: 1 },
    ]);
    // The drill-down of the company's bar lists the same three, none of the other school's.
    expect(
      await drilled(q.school, `?period_id=${periodId}&metric=all&organization_id=${q.companyId}`),
    ).toEqual(ids.slice(0, 3).sort());
  });

  it('gives each self-found place its own row by its name, case and spacing ignored, with its drill-down', async () => {
    const q = await internshipParties(h, 'demo');
    const third = await userWith(h, 'student', q.schoolId, 'School', 'demo');
    const periodId = await newPeriod(q.schoolId);
    // Two students at one bakery, its name typed twice differently (one placed); one at a bicycle shop;
    // a café typed in capitals with an accent; another school's student at the same bakery.
    const theirs = await userWith(h, 'student', q.otherSchoolId, 'School', 'demo');
    const ids = await deliverInternships(periodId, [
      { student: q.student, schoolId: q.schoolId, org: null, name: 'Bakkerij Jansen', status: 'approved' },
      {
        student: q.otherStudent,
        schoolId: q.schoolId,
        org: null,
        name: ' bakkerij   JANSEN',
        status: 'submitted',
      },
      {
        student: third,
        schoolId: q.schoolId,
        org: null,
        name: 'Fietsenmaker De Ketting',
        status: 'submitted',
      },
      { student: third, schoolId: q.schoolId, org: null, name: 'Café de Kroon', status: 'rejected' },
      { student: q.student, schoolId: q.schoolId, org: null, name: 'CAFÉ DE KROON', status: 'submitted' },
      { student: theirs, schoolId: q.otherSchoolId, org: null, name: 'Bakkerij Jansen', status: 'approved' },
    ]);
    const a = await summary(q.school, `?period_id=${periodId}`);
    expect(a.by_organization).toEqual([
      // The name as typed first in sort order, spacing tidied.
      {
        id: 'self_found:bakkerij jansen',
        name: 'Bakkerij Jansen',
        self_found: true,
        internships: 2,
        placed: 1,
      },
      { id: 'self_found:café de kroon', name: 'CAFÉ DE KROON', self_found: true, internships: 2, placed: 0 },
      {
        id: 'self_found:fietsenmaker de ketting',
        name: 'Fietsenmaker De Ketting',
        self_found: true,
        internships: 1,
        placed: 0,
      },
    ]);
    // A row's drill-down by the name as shown, or typed otherwise: that place's internships only.
    const query = `?period_id=${periodId}&metric=all&self_found=`;
    expect(await drilled(q.school, `${query}Bakkerij%20Jansen`)).toEqual(ids.slice(0, 2).sort());
    expect(await drilled(q.school, `${query}%20BAKKERIJ%20jansen%20`)).toEqual(ids.slice(0, 2).sort());
    expect(await drilled(q.school, `${query}caf%C3%A9%20de%20kroon`)).toEqual(ids.slice(3, 5).sort());
    expect(await drilled(q.school, `${query}Bakkerij`)).toEqual([]);
    // An organization's drill-down never includes them.
    expect(
      await drilled(q.school, `?period_id=${periodId}&metric=all&organization_id=${q.companyId}`),
    ).toEqual([]);
  });
});

describe('who sees what', () => {
  let periodId: string;
  beforeAll(async () => {
    // Sanne placed at the company, her contract out for signing; a classmate's self-found place whose
    // name a spreadsheet would run as a formula.
    const history = await writeHistory('demo', {
      internships: [
        { student: 0, initial: 'approved', hours: 40 },
        { student: 1, initial: 'approved', hours: null },
      ],
      ops: [
        { k: 0, op: 'contract', step: 'generated' },
        { k: 0, op: 'contract', step: 'released' },
      ],
    });
    periodId = history.periodId;
    await asOwner(h, 'demo', (trx) =>
      sql`update placements.outbox set envelope = jsonb_set(jsonb_set(envelope, '{data,organization_name}', '"=cmd()"'),
          '{data,organization_id}', 'null')
        where type = 'placements.internship.created' and envelope->'data'->>'internship_period_id' = ${periodId}
          and envelope->'data'->>'student_id' = ${students[1]!.id}`.execute(trx),
    );
    await rebuildAnalytics(h.deps.db, 'demo');
  });

  it("refuses the school view to everyone but the school's admins", async () => {
    const url = `/api/v1/analytics/school?period_id=${periodId}`;
    expect((await call(h.app, { url, headers: p.company.headers })).statusCode).toBe(403);
    expect((await call(h.app, { url, headers: p.student.headers })).statusCode).toBe(403);
    expect((await call(h.app, { url, headers: p.mentor.headers })).statusCode).toBe(403);
    expect((await call(h.app, { url, headers: { 'x-tenant': 'demo' } })).statusCode).toBe(401);
    // Another school's admin: the period is not theirs.
    expect((await call(h.app, { url, headers: p.otherSchool.headers })).statusCode).toBe(404);
    expect(
      (
        await call(h.app, {
          url: `/api/v1/analytics/school/internships?period_id=${periodId}`,
          headers: p.otherSchool.headers,
        })
      ).statusCode,
    ).toBe(404);
  });

  it('refuses another tenant', async () => {
    const url = `/api/v1/analytics/school?period_id=${periodId}`;
    const res = await call(h.app, { url, headers: { ...p.school.headers, 'x-tenant': 'raayland' } });
    expect([401, 403, 404]).toContain(res.statusCode);
    const elsewhere = await internshipParties(h, 'raayland');
    expect((await call(h.app, { url, headers: elsewhere.school.headers })).statusCode).toBe(404);
    const org = await call(h.app, {
      url: '/api/v1/analytics/organization',
      headers: elsewhere.company.headers,
    });
    expect(org.statusCode).toBe(200);
    expect((org.json() as TOrganizationAnalyticsDocument).data.attributes.totals.interns).toBe(0);
  });

  it("counts and lists only the school's own students, never another school's of the tenant", async () => {
    // Another school of the tenant with its own two students and a period of its own.
    const elsewhere = await internshipParties(h, 'demo');
    const theirPeriod = randomUUID();
    await asOwner(h, 'demo', (trx) =>
      sql`insert into placements.internship_periods (id, tenant_id, school_id, school_year_id, name,
          start_date, end_date, status, deleted, event_time)
        values (${theirPeriod}, 'demo', ${elsewhere.schoolId}, ${randomUUID()}, 'Periode', '2026-11-01',
          '2026-12-31', 'active', false, now())`.execute(trx),
    );
    const ids = async (user: TUser, query: string) => {
      const res = await call(h.app, {
        url: `/api/v1/analytics/school/internships${query}&metric=without_placement&page[size]=200`,
        headers: user.headers,
      });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as TAnalyticsRowsDocument).data.map((r) => r.attributes.student_id).sort();
    };
    const ours = students.map((s) => s.id);
    const theirs = [elsewhere.student.id, elsewhere.otherStudent.id];
    expect(await ids(p.school, `?period_id=${periodId}`)).toEqual(expect.arrayContaining(ours.slice(2)));
    for (const id of await ids(p.school, `?period_id=${periodId}`)) expect(ours).toContain(id);
    expect(await ids(elsewhere.school, `?period_id=${theirPeriod}`)).toEqual([...theirs].sort());
    expect((await summary(elsewhere.school, `?period_id=${theirPeriod}`)).students).toBe(2);
  });

  it('drills down to the internships behind a number and exports them formula-safe', async () => {
    const rows = await call(h.app, {
      url: `/api/v1/analytics/school/internships?period_id=${periodId}&metric=unsigned_contracts`,
      headers: p.school.headers,
    });
    expect(rows.statusCode, rows.body).toBe(200);
    const doc = rows.json() as TAnalyticsRowsDocument;
    expect(doc.meta.total).toBe(1);
    expect(doc.data[0]!.attributes).toMatchObject({
      student_name: 'Sanne de Vries',
      contract_status: 'signing',
    });
    const without = await call(h.app, {
      url: `/api/v1/analytics/school/internships?period_id=${periodId}&metric=without_placement`,
      headers: p.school.headers,
    });
    expect((without.json() as TAnalyticsRowsDocument).meta.total).toBe(students.length - 2);
    const csv = await call(h.app, {
      url: `/api/v1/analytics/school/export?period_id=${periodId}&metric=placed`,
      headers: p.school.headers,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^student;group;level;organization;status/);
    expect(lines).toContainEqual(expect.stringMatching(/^Sanne de Vries;;;.+;approved;/));
    // The self-found place's name starts with `=`: escaped (a leading quote), never a formula.
    expect(csv.body).toContain(";'=cmd();");
    expect(csv.body).not.toMatch(/;=/);
  });

  it('gives an organization only its own internships', async () => {
    const own = await call(h.app, { url: '/api/v1/analytics/organization', headers: p.company.headers });
    expect(own.statusCode, own.body).toBe(200);
    const a = (own.json() as TOrganizationAnalyticsDocument).data.attributes;
    expect(a.contracts_to_sign.map((c) => c.student_name)).toContain('Sanne de Vries');
    const stranger = await userWith(
      h,
      'admin',
      (await internshipParties(h, 'demo')).companyId,
      'NonProfit',
      'demo',
    );
    const other = await call(h.app, { url: '/api/v1/analytics/organization', headers: stranger.headers });
    expect((other.json() as TOrganizationAnalyticsDocument).data.attributes.totals).toEqual({
      vacancies_published: 0,
      applicants: 0,
      interns: 0,
      hours_to_confirm: 0,
      contracts_to_sign: 0,
    });
    expect(
      (await call(h.app, { url: '/api/v1/analytics/organization', headers: p.student.headers })).statusCode,
    ).toBe(403);
  });

  it("shows an organization its interns' hours waiting for confirmation, and only its own", async () => {
    const internshipId = await asOwner(h, 'demo', async (trx) => {
      const { rows } = await sql<{ id: string }>`select id from placements.analytics_internships
        where period_id = ${periodId} and student_id = ${students[0]!.id}`.execute(trx);
      return rows[0]!.id;
    });
    await deliver(
      h,
      'placements.hours.entry_logged',
      internshipId,
      {
        internship_id: internshipId,
        hours_logged: 7.5,
        hours_supervisor: 4.5,
        hours_pending: 3,
        updating_hours_allowed: true,
        signed_off: false,
        entry_id: randomUUID(),
        date: '2026-11-02',
        hours: 3,
        status: 'pending',
      },
      'demo',
    );
    await eventually(async () => {
      const res = await call(h.app, { url: '/api/v1/analytics/organization', headers: p.company.headers });
      const a = (res.json() as TOrganizationAnalyticsDocument).data.attributes;
      // The company also hosts the random histories' internships: Sanne's row among them.
      expect(a.hours_to_confirm.find((x) => x.internship_id === internshipId)).toEqual({
        internship_id: internshipId,
        student_name: 'Sanne de Vries',
        hours_pending: 3,
      });
      expect(a.totals.hours_to_confirm).toBe(a.hours_to_confirm.reduce((n, x) => n + x.hours_pending, 0));
    });
    const stranger = await internshipParties(h, 'demo');
    const other = await call(h.app, {
      url: '/api/v1/analytics/organization',
      headers: stranger.company.headers,
    });
    expect((other.json() as TOrganizationAnalyticsDocument).data.attributes.hours_to_confirm).toEqual([]);
  });

  it('never answers from the cache once an event or a school read model changed what it counted', async () => {
    const before = await summary(p.school, `?period_id=${periodId}`);
    expect(await summary(p.school, `?period_id=${periodId}`)).toEqual(before);
    // A placement delivered live (the consumer raises the school's version).
    const internshipId = randomUUID();
    await deliver(
      h,
      'placements.internship.created',
      internshipId,
      {
        internship_id: internshipId,
        student_id: students[2]!.id,
        school_id: p.schoolId,
        organization_id: p.companyId,
        vacancy_id: null,
        internship_period_id: periodId,
        contact_person_id: null,
        supervisor_id: null,
        title: 'Stage',
        organization_name: null,
        self_found: false,
        contract_type: 'hours',
        start_date: null,
        end_date: null,
        status: 'approved',
        hours: null,
        updated_at: '2026-11-20T09:00:00Z',
      },
      'demo',
    );
    await eventually(async () =>
      expect((await summary(p.school, `?period_id=${periodId}`)).action.without_placement).toBe(
        before.action.without_placement - 1,
      ),
    );
    // A new group of a student (school read models): the groups' numbers follow at once.
    const groupId = randomUUID();
    await asOwner(h, 'demo', async (trx) => {
      await sql`insert into placements.groups (id, tenant_id, school_id, school_year_id, level_id, name, deleted, event_time)
        values (${groupId}, 'demo', ${p.schoolId}, null, null, '5C', false, now())`.execute(trx);
      await sql`insert into placements.group_memberships (school_id, student_id, tenant_id, group_id, event_time)
        values (${p.schoolId}, ${students[3]!.id}, 'demo', ${groupId}, now())
        on conflict (school_id, student_id) do update set group_id = excluded.group_id, event_time = now()`.execute(
        trx,
      );
    });
    const after = await summary(p.school, `?period_id=${periodId}`);
    expect(after.by_group.find((g) => g.name === '5C')).toEqual({
      id: groupId,
      name: '5C',
      students: 1,
      placed: 0,
    });
  });

  it('filters by group and level, and warns the chosen number of weeks before a period starts', async () => {
    const [level, inLevel, other, soon] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    const today = (
      (
        await call(h.app, {
          url: `/api/v1/analytics/school?period_id=${periodId}`,
          headers: p.school.headers,
        })
      ).json() as TSchoolAnalyticsDocument
    ).meta.today;
    const inDays = (n: number) => new Date(Date.parse(today) + n * 86_400_000).toISOString().slice(0, 10);
    await asOwner(h, 'demo', async (trx) => {
      await sql`insert into placements.levels (id, tenant_id, school_id, name, deleted, event_time)
        values (${level}, 'demo', ${p.schoolId}, 'havo', false, now())`.execute(trx);
      await sql`insert into placements.groups (id, tenant_id, school_id, school_year_id, level_id, name, deleted, event_time)
        values (${inLevel}, 'demo', ${p.schoolId}, null, ${level}, 'H4', false, now()),
          (${other}, 'demo', ${p.schoolId}, null, null, 'B2', false, now())`.execute(trx);
      // Sanne (placed) and a classmate without a placement in H4; in B2 the classmate placed above.
      for (const [student, group] of [
        [students[0]!, inLevel],
        [students[3]!, inLevel],
        [students[2]!, other],
      ] as const)
        await sql`insert into placements.group_memberships (school_id, student_id, tenant_id, group_id, event_time)
          values (${p.schoolId}, ${student.id}, 'demo', ${group}, now())
          on conflict (school_id, student_id) do update set group_id = excluded.group_id, event_time = now()`.execute(
          trx,
        );
      await sql`insert into placements.internship_periods (id, tenant_id, school_id, school_year_id, name,
          start_date, end_date, status, deleted, event_time)
        values (${soon}, 'demo', ${p.schoolId}, ${randomUUID()}, 'Straks', ${inDays(15)}, ${inDays(60)},
          'active', false, now())`.execute(trx);
    });
    const rowIds = async (query: string) => {
      const res = await call(h.app, {
        url: `/api/v1/analytics/school/internships?period_id=${periodId}${query}&page[size]=200`,
        headers: p.school.headers,
      });
      return (res.json() as TAnalyticsRowsDocument).data.map((r) => r.attributes.student_id);
    };
    for (const filter of [`&group_id=${inLevel}`, `&level_id=${level}`]) {
      const a = await summary(p.school, `?period_id=${periodId}${filter}`);
      expect(a.students).toBe(2);
      expect(a.action.without_placement).toBe(1);
      expect(a.applications.total).toBe(1);
      expect(await rowIds(`${filter}&metric=without_placement`)).toEqual([students[3]!.id]);
      expect(await rowIds(`${filter}&metric=all`)).toEqual([students[0]!.id]);
    }
    const b2 = await summary(p.school, `?period_id=${periodId}&group_id=${other}`);
    expect([b2.students, b2.action.without_placement, b2.applications.total]).toEqual([1, 0, 1]);
    // Fifteen days before the start: two whole weeks; near with a window of three weeks, not of two.
    const near = await summary(p.school, `?period_id=${soon}&weeks=3`);
    expect(near.period?.weeks_to_start).toBe(2);
    expect(near.start_is_near).toBe(true);
    expect((await summary(p.school, `?period_id=${soon}&weeks=2`)).start_is_near).toBe(false);
  });
});
