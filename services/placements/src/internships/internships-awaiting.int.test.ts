import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import {
  asOwner,
  call,
  expectStatus,
  harness,
  internshipParties,
  type THarness,
} from '../../test/harness.ts';

/**
 * `filter[awaiting]` of `GET /api/v1/internships` (issue #30 item 2, the dashboards' queues): only the
 * internships where an evaluation part of the student or the mentor is open, or hours wait for the
 * supervisor, counted in `meta.total`, and never more than the caller already sees.
 */
let h: THarness;
beforeAll(async () => {
  h = await harness();
});
afterAll(async () => h?.close());

describe('internships where something waits', () => {
  it('narrows to open evaluation parts per role and to hours waiting for confirmation', async () => {
    const w = await internshipParties(h, 'oldebroek');
    const [plain, evaluated, logged, other] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    await asOwner(h, 'oldebroek', async (trx) => {
      for (const [id, student] of [
        [plain, w.student.id],
        [evaluated, w.student.id],
        [logged, w.student.id],
        [other, w.otherStudent.id],
      ] as const)
        await sql`insert into placements.internships (id, tenant_id, student_id, school_id, organization_id,
            title, contract_type, self_found, hours, updating_hours_allowed, status, start_date, created_at,
            updated_at)
          values (${id}, 'oldebroek', ${student}, ${w.schoolId}, ${w.companyId}, 'Stage', 'hours', false, 40,
            true, 'active', '2026-09-01', now(), now())`.execute(trx);
      const template = randomUUID();
      await sql`insert into placements.evaluation_templates (id, tenant_id, school_id, scope_kind, scope_id,
          name, roles, created_at, updated_at)
        values (${template}, 'oldebroek', ${w.schoolId}, 'internship_period', ${randomUUID()}, 'Eind',
          '{}'::jsonb, now(), now())`.execute(trx);
      for (const internship of [evaluated, other]) {
        const evaluation = randomUUID();
        await sql`insert into placements.evaluations (id, tenant_id, internship_id, template_id, opened_at)
          values (${evaluation}, 'oldebroek', ${internship}, ${template}, now())`.execute(trx);
        // The student's part is open, the mentor's already sent.
        await sql`insert into placements.evaluation_responses (tenant_id, evaluation_id, role, form_version,
            weight, weights, state, answers, submitted_at, updated_at)
          values ('oldebroek', ${evaluation}, 'student', 1, 1, '{}'::jsonb, 'open', null, null, now()),
            ('oldebroek', ${evaluation}, 'mentor', 1, 1, '{}'::jsonb, 'submitted', '{}'::jsonb, now(), now())`.execute(
          trx,
        );
      }
      for (const [internship, status] of [
        [logged, 'pending'],
        [plain, 'confirmed'],
        [other, 'pending'],
      ] as const)
        await sql`insert into placements.hours_entries (tenant_id, internship_id, date, quarters, description,
            status, decided_at, created_at, updated_at)
          values ('oldebroek', ${internship}, '2026-09-02', 8, 'Koffie', ${status},
            ${status === 'pending' ? null : new Date()}, now(), now())`.execute(trx);
    });
    const list = async (headers: Record<string, string>, awaiting: string) => {
      const res = await call(h.app, {
        url: `/api/v1/internships?filter[awaiting]=${awaiting}&page[size]=5`,
        headers,
      });
      expectStatus(res, 200);
      const body = res.json() as { data: { id: string }[]; meta: { total: number } };
      return { ids: body.data.map((d) => d.id).sort(), total: body.meta.total };
    };
    // The student sees their own: one open part of theirs, one internship with hours waiting.
    expect(await list(w.student.headers, 'evaluation_student')).toEqual({ ids: [evaluated], total: 1 });
    expect(await list(w.student.headers, 'evaluation_mentor')).toEqual({ ids: [], total: 0 });
    expect(await list(w.student.headers, 'hours_confirmation')).toEqual({ ids: [logged], total: 1 });
    // The mentor (of the first student only) and the school: what they see, narrowed the same way.
    expect(await list(w.mentor.headers, 'hours_confirmation')).toEqual({ ids: [logged], total: 1 });
    expect(await list(w.school.headers, 'hours_confirmation')).toEqual({
      ids: [logged, other].sort(),
      total: 2,
    });
    expect(await list(w.school.headers, 'evaluation_student')).toEqual({
      ids: [evaluated, other].sort(),
      total: 2,
    });
    // The company acting for itself sees its interns' hours waiting.
    expect((await list(w.company.headers, 'hours_confirmation')).total).toBe(2);
    // Another school sees none of it; an unknown value is a 400 naming the filter.
    expect(await list(w.otherSchool.headers, 'hours_confirmation')).toEqual({ ids: [], total: 0 });
    const bad = await call(h.app, {
      url: '/api/v1/internships?filter[awaiting]=everything',
      headers: w.school.headers,
    });
    expectStatus(bad, 400);
    expect(JSON.stringify(bad.json())).toContain('filter[awaiting]');
  });
});
