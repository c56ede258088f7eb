import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dutchDate, schoolYearOf } from '@stageplein/contracts/domain/school-years';
import { TENANT_IDS } from '@stageplein/contracts/tenants/tenant.types';
import { organizationsService } from '../src/organizations.module.ts';
import { harness, NOW, seedOrg, type THarness } from './harness.ts';

/**
 * Issue #4 item 7, the embedded profile's demo data of every tenant: a School, a VolunteerCenter, a
 * NonProfit and a Provider with profiles in real towns, the school's groups, levels and tags, the
 * current and next school year and an active internship period; idempotent. (The demo accounts' roles
 * on these organizations are identity's seeds, reaching this service as role events.)
 */
let h: THarness;

beforeAll(async () => {
  h = await harness();
});
afterAll(async () => h?.close());

/** What the seeds wrote for one tenant, counted through the owner connection. */
async function seeded(tenant: string) {
  const school = seedOrg('school', tenant as never);
  const count = async (table: string, where = sql`tenant_id = ${tenant}`) =>
    (
      await sql<{
        n: number;
      }>`select count(*)::int as n from ${sql.table(`organizations.${table}`)} where ${where}`.execute(
        h.owner,
      )
    ).rows[0]!.n;
  return {
    organizations: (
      await sql<{
        type: string;
        status: string;
        city: string | null;
        postcode: string | null;
        latitude: number | null;
      }>`
        select type, status, city, postcode, latitude from organizations.organizations
        where tenant_id = ${tenant} order by type`.execute(h.owner)
    ).rows,
    schoolYears: (
      await sql<{ start_date: string }>`select start_date from organizations.school_years
        where tenant_id = ${tenant} order by start_date`.execute(h.owner)
    ).rows.map((y) => y.start_date),
    activePeriods: (
      await sql<{ start_date: string; status: string }>`select p.start_date, p.status
        from organizations.internship_periods p where p.school_id = ${school} and p.status = 'active'`.execute(
        h.owner,
      )
    ).rows,
    groups: await count('groups', sql`school_id = ${school}`),
    levels: await count('levels', sql`school_id = ${school}`),
    tags: await count('tags', sql`school_id = ${school}`),
    events: await count('outbox'),
  };
}

describe('seeds (issue #4 item 7)', () => {
  it('every tenant has the four demo organizations with profiles, school data, years and periods', async () => {
    const current = schoolYearOf(dutchDate(NOW));
    const next = schoolYearOf(dutchDate(NOW), 1);
    for (const tenant of TENANT_IDS) {
      const s = await seeded(tenant);
      expect(
        s.organizations.map((o) => `${o.type}/${o.status}`),
        tenant,
      ).toEqual(['NonProfit/approved', 'Provider/approved', 'School/approved', 'VolunteerCenter/approved']);
      for (const o of s.organizations) {
        expect(o.city, tenant).toBeTruthy();
        expect(o.postcode, tenant).toMatch(/^\d{4} [A-Z]{2}$/);
        expect(o.latitude, tenant).not.toBeNull();
      }
      expect(s.schoolYears, tenant).toEqual(expect.arrayContaining([current.start_date, next.start_date]));
      expect(
        s.activePeriods.some((p) => p.start_date >= current.start_date && p.start_date <= current.end_date),
        `${tenant}: an active period this school year`,
      ).toBe(true);
      expect({ groups: s.groups, levels: s.levels, tags: s.tags }, tenant).toEqual({
        groups: 3,
        levels: 5,
        tags: 6,
      });
    }
  });

  it('running the seeds again changes nothing and announces nothing', async () => {
    const before = await Promise.all(TENANT_IDS.map(seeded));
    for (const tenant of TENANT_IDS)
      await organizationsService.seedTenant!({ db: h.owner, today: NOW }, tenant);
    expect(await Promise.all(TENANT_IDS.map(seeded))).toEqual(before);
  });
});
