import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  call,
  deliver,
  eventually,
  expectStatus,
  harness,
  schoolWorld,
  type THarness,
} from '../../test/harness.ts';

/**
 * A write-back where the deployment has no Temporal (this project's harness sets no TEMPORAL_ADDRESS):
 * its workflow would never send it, so the school's admin is refused and nothing is recorded (another
 * tenant's caller is refused before that: infra/stack/test/security/cross-tenant.int.test.ts). The write-back itself, on
 * the real engines: workflows/src/write-back/write-back.int.test.ts.
 */
let h: THarness;
beforeAll(async () => {
  h = await harness();
}, 120_000);
afterAll(async () => {
  await h?.close();
});

it('is refused (503 workflows_unavailable, nl and en) and records nothing without Temporal', async () => {
  const w = await schoolWorld(h);
  const periodId = randomUUID();
  await deliver(h, 'organizations.internship_period.created', periodId, {
    school_id: w.schoolId,
    internship_period_id: periodId,
    school_year_id: randomUUID(),
    name: 'Voorjaar',
    start_date: '2027-02-01',
    end_date: '2027-06-30',
    status: 'active',
  });
  await eventually(async () => {
    const { rows } = await sql`select 1 from placements.internship_periods where id = ${periodId}`.execute(
      h.owner,
    );
    expect(rows).toHaveLength(1);
  });
  const count = async () =>
    Number(
      (await sql<{ n: number }>`select count(*)::int as n from placements.write_backs`.execute(h.owner))
        .rows[0]!.n,
    );
  const before = await count();
  const titles: string[] = [];
  for (const language of ['nl', 'en']) {
    const res = await call(h.app, {
      method: 'POST',
      url: '/api/v1/write_backs',
      headers: { ...w.school.headers, 'accept-language': language },
      payload: { data: { type: 'write_back', attributes: { period_id: periodId, target: 'file' } } },
    });
    expectStatus(res, 503, 'workflows_unavailable');
    titles.push(res.json().errors[0].title);
  }
  expect(new Set(titles).size, titles.join(' / ')).toBe(2);
  expect(await count()).toBe(before);
});
