import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { identityService } from '@stageplein/identity';
import { organizationsService } from '@stageplein/organizations';
import { TENANT_LIST } from '@stageplein/contracts/tenants/tenant-registry';
import { seededDatabase } from '@stageplein/testing/seeded-database';
import { placementsService } from '../src/placements.module.ts';

const SERVICES = [identityService, organizationsService, placementsService];
const db = seededDatabase(SERVICES);

const seeded = async () =>
  (
    await sql<{ tenant_id: string; status: string; self_found: boolean; email: string; history: string[] }>`
      select i.tenant_id, i.status, i.self_found, u.email,
        array(select c.to_status from placements.internship_status_changes c
          where c.internship_id = i.id order by c.at, c.id) as history
      from placements.internships i join identity.users u on u.id = i.student_id
      order by i.tenant_id, i.created_at, i.id`.execute(db.owner)
  ).rows;

describe('seeds: internships for every tenant’s demo accounts', () => {
  it('gives the demo student internships in several states at the demo company, idempotently', async () => {
    const rows = await seeded();
    for (const tenant of TENANT_LIST) {
      const mine = rows.filter((r) => r.tenant_id === tenant.id);
      expect(new Set(mine.map((r) => r.email)), tenant.id).toEqual(new Set([`student@${tenant.id}.test`]));
      const statuses = mine.map((r) => r.status).sort();
      const expected = ['accepted', 'active', 'applied', 'completed', 'declined'];
      if (tenant.features.selfFoundInternships) expected.push('submitted');
      expect(statuses, tenant.id).toEqual(expected.sort());
      // The history walks the life cycle to the status.
      for (const r of mine) expect(r.history.at(-1)).toBe(r.status);
      expect(mine.find((r) => r.status === 'active')!.history).toEqual([
        'applied',
        'accepted',
        'approved',
        'active',
      ]);
    }
    const { rows: events } = await sql<{ n: number }>`
      select count(*)::int as n from placements.outbox where type = 'placements.internship.created'`.execute(
      db.owner,
    );
    expect(events[0]!.n).toBe(rows.length);

    // Seeding again changes nothing.
    await db.reseed();
    expect(await seeded()).toEqual(rows);
  });

  it('puts each internship in a period of the demo School (the one it starts in), so progress lists it', async () => {
    const { rows } = await sql<{ tenant_id: string; status: string; inside: boolean | null }>`
      select i.tenant_id, i.status, p.school_id = i.school_id as inside
      from placements.internships i
      left join organizations.internship_periods p on p.id = i.internship_period_id
      where i.status = 'active'`.execute(db.owner);
    expect(rows).toHaveLength(TENANT_LIST.length);
    for (const r of rows) expect(r.inside, r.tenant_id).toBe(true);
  });
});

describe('seeds: the internships’ organization names', () => {
  it('name the vacancy’s organization (not the self-found fallback), as organizations publishes it', async () => {
    const { rows } = await sql<{ tenant_id: string; name: string | null; expected: string | null }>`
      select i.tenant_id, i.organization_name as name,
        (select e.envelope->'data'->>'name' from organizations.outbox e
          where e.type = 'organizations.organization.created'
            and e.envelope->'data'->>'organization_id' = i.organization_id::text
          order by e.seq limit 1) as expected
      from placements.internships i where i.vacancy_id is not null`.execute(db.owner);
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) {
      expect(r.expected, r.tenant_id).toBeTruthy();
      expect(r.name, r.tenant_id).toBe(r.expected);
    }
  });
});

describe('seeds: the demo vacancies’ levels and tags', () => {
  it('carry the demo School’s levels and tags (organizations’ catalogue), in every tenant', async () => {
    const { rows } = await sql<{ tenant_id: string; levels: string[]; tags: string[] }>`
      select v.tenant_id,
        array(select l.name from organizations.levels l where l.id = any(v.level_ids) order by l.name) as levels,
        array(select t.name from organizations.tags t where t.id = any(v.tag_ids) order by t.name) as tags
      from placements.vacancies v where v.title = 'Stage technische dienst' order by v.tenant_id`.execute(
      db.owner,
    );
    expect(rows.map((r) => r.tenant_id)).toEqual(TENANT_LIST.map((t) => t.id).sort());
    for (const r of rows)
      expect(r, r.tenant_id).toMatchObject({ levels: ['vmbo-kb', 'vmbo-t'], tags: ['Techniek'] });
  });
});
