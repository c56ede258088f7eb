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
 * Hours as people type them (issue #30 item 9): the API reads "3,33" as 3.33 where any decimal is
 * allowed (the internship's required hours), and where only quarter hours are (a day's entry) it says
 * so, in the caller's language, on the field. The rule is contracts' `zDecimal`, which the forms use too.
 */
let h: THarness;

beforeAll(async () => {
  h = await harness();
});
afterAll(async () => h?.close());

async function world() {
  const parties = await internshipParties(h, 'oldebroek');
  const internshipId = randomUUID();
  await asOwner(h, 'oldebroek', (trx) =>
    sql`insert into placements.internships (id, tenant_id, student_id, school_id, organization_id, title,
        contract_type, self_found, contact_name, contact_email, hours, updating_hours_allowed, status,
        start_date, created_at, updated_at)
      values (${internshipId}, 'oldebroek', ${parties.student.id}, ${parties.schoolId}, ${parties.companyId},
        'Maatschappelijke stage', 'hours', false, 'Bram Begeleider', 'begeleider@buurthuis.test', 40, true,
        'active', '2026-09-01', now(), now())`.execute(trx),
  );
  return { ...parties, internshipId };
}

describe('decimals as people type them', () => {
  it('stores the required hours "3,33" as 3.33', async () => {
    const w = await world();
    const res = await call(h.app, {
      method: 'PATCH',
      url: `/api/v1/internships/${w.internshipId}`,
      headers: w.school.headers,
      payload: { data: { type: 'internships', attributes: { hours: '3,33' } } },
    });
    expectStatus(res, 200);
    expect(res.json().data.attributes.hours).toBe(3.33);
    const stored = await asOwner(h, 'oldebroek', (trx) =>
      sql<{ hours: string }>`select hours from placements.internships where id = ${w.internshipId}`.execute(
        trx,
      ),
    );
    expect(Number(stored.rows[0]!.hours)).toBe(3.33);
  });

  it('logs "3,25" hours and refuses "3,33" saying that hours go by the quarter', async () => {
    const w = await world();
    const log = (hours: unknown, lang: string) =>
      call(h.app, {
        method: 'POST',
        url: `/api/v1/hours/${w.internshipId}/entries`,
        headers: { ...w.student.headers, 'accept-language': lang },
        payload: {
          data: { type: 'hours_entry', attributes: { date: '2026-09-02', hours, description: 'Koffie' } },
        },
      });
    const ok = await log('3,25', 'nl');
    expectStatus(ok, 201);
    expect(ok.json().data.attributes.hours_logged).toBe(3.25);

    for (const [lang, detail] of [
      ['nl', 'Vul uren in per kwartier, van 0,25 tot en met 24: bijvoorbeeld 3,25 of 3,5'],
      ['en', 'Enter hours in quarter hours, from 0.25 to 24: for example 3.25 or 3.5'],
    ] as const) {
      const refused = await log('3,33', lang);
      expectStatus(refused, 422);
      const error = refused.json().errors[0];
      expect(error.detail).toBe(detail);
      expect(error.source.pointer).toBe('/data/attributes/hours');
    }
    const sheet = await call(h.app, { url: `/api/v1/hours/${w.internshipId}`, headers: w.student.headers });
    expect(sheet.json().data.attributes.hours_logged).toBe(3.25);
  });
});
