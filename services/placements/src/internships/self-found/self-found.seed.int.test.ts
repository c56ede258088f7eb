import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { identityService } from '@stageplein/identity';
import { organizationsService } from '@stageplein/organizations';
import { TENANT_LIST } from '@stageplein/contracts/tenants/tenant-registry';
import { seededDatabase } from '@stageplein/testing/seeded-database';
import { placementsService } from '../../placements.module.ts';

const SERVICES = [identityService, organizationsService, placementsService];
const db = seededDatabase(SERVICES);

const details = async () =>
  (
    await sql<{ tenant_id: string; self_found: number; details: number }>`
      select i.tenant_id, count(*)::int as self_found, count(d.internship_id)::int as details
      from placements.internships i left join placements.self_found_internships d on d.internship_id = i.id
      where i.self_found group by i.tenant_id order by i.tenant_id`.execute(db.owner)
  ).rows;

describe('seeds: the self-found details of the seeded self-found internships', () => {
  it('every tenant with the switch has its seeded self-found internship with details, idempotently', async () => {
    const rows = await details();
    const expected = TENANT_LIST.filter((t) => t.features.selfFoundInternships)
      .map((t) => t.id)
      .sort();
    expect(rows.map((r) => r.tenant_id)).toEqual(expected);
    for (const r of rows) expect(r.details, r.tenant_id).toBe(r.self_found);
    await db.reseed();
    expect(await details()).toEqual(rows);
  });
});
