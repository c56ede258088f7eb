import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { identityService } from '@stageplein/identity';
import { organizationsService } from '@stageplein/organizations';
import { TENANT_LIST } from '@stageplein/contracts/tenants/tenant-registry';
import { seededDatabase } from '@stageplein/testing/seeded-database';
import { placementsService } from '../placements.module.ts';

const SERVICES = [identityService, organizationsService, placementsService];
const db = seededDatabase(SERVICES);

const seeded = async () =>
  (
    await sql<{ tenant_id: string; status: string; vacancies: number; email: string | null; ranked: number }>`
      select r.tenant_id, r.status,
        (select count(*)::int from placements.allocation_round_vacancies v where v.round_id = r.id) as vacancies,
        u.email, coalesce(cardinality(p.vacancy_ids), 0) as ranked
      from placements.allocation_rounds r
      left join placements.allocation_preferences p on p.round_id = r.id
      left join identity.users u on u.id = p.student_id
      order by r.tenant_id`.execute(db.owner)
  ).rows;

describe('seeds: an open allocation round per hours tenant', () => {
  it('opens one round of the demo School with the demo student’s top 3, idempotently', async () => {
    const rows = await seeded();
    const hours = TENANT_LIST.filter((t) => t.features.usesHours).map((t) => t.id);
    expect(hours.length).toBeGreaterThan(0);
    expect(rows.map((r) => r.tenant_id).sort()).toEqual([...hours].sort());
    for (const r of rows)
      expect(r, r.tenant_id).toEqual({
        tenant_id: r.tenant_id,
        status: 'open',
        vacancies: 4,
        email: `student@${r.tenant_id}.test`,
        ranked: 3,
      });
    await db.reseed();
    expect(await seeded()).toEqual(rows);
  });
});
