import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { call, expectStatus, harness, schoolWorld, type THarness } from '../../test/harness.ts';

/**
 * A write-back where the deployment has no Temporal (this project's harness sets no TEMPORAL_ADDRESS):
 * its workflow would never send it, so it is refused and nothing is recorded. The write-back itself, on
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
      payload: { data: { type: 'write_back', attributes: { period_id: randomUUID(), target: 'file' } } },
    });
    expectStatus(res, 503, 'workflows_unavailable');
    titles.push(res.json().errors[0].title);
  }
  expect(new Set(titles).size, titles.join(' / ')).toBe(2);
  expect(await count()).toBe(before);
});
