import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { identityService } from '@stageplein/identity';
import { organizationsService } from '@stageplein/organizations';
import { TENANT_LIST } from '@stageplein/contracts/tenants/tenant-registry';
import { seededDatabase } from '@stageplein/testing/seeded-database';
import { placementsService } from '../placements.module.ts';

const SERVICES = [identityService, organizationsService, placementsService];
const db = seededDatabase(SERVICES);

const sheets = async () =>
  (
    await sql<{
      tenant_id: string;
      status: string;
      hours: number | null;
      hours_supervisor: number | null;
      updating_hours_allowed: boolean;
      supervisor: string | null;
      confirmed_q: number;
      statuses: string[];
      signed_off: boolean;
    }>`
      select i.tenant_id, i.status, i.hours, i.hours_supervisor, i.updating_hours_allowed, u.email as supervisor,
        coalesce((select sum(quarters) from placements.hours_entries e
          where e.internship_id = i.id and e.status = 'confirmed'), 0)::int as confirmed_q,
        array(select e.status from placements.hours_entries e where e.internship_id = i.id order by e.date) as statuses,
        exists (select 1 from placements.hours_sheets s where s.internship_id = i.id and s.signed_off_at is not null) as signed_off
      from placements.internships i left join identity.users u on u.id = i.supervisor_id
      where i.status in ('active', 'completed')
      order by i.tenant_id, i.status`.execute(db.owner)
  ).rows;

describe('seeds: hours for the demo student on hours tenants', () => {
  it('gives the running internship confirmed, rejected and pending entries and signs off the completed one', async () => {
    const rows = await sheets();
    for (const tenant of TENANT_LIST) {
      const [active, completed] = ['active', 'completed'].map((s) =>
        rows.find((r) => r.tenant_id === tenant.id && r.status === s),
      );
      if (!tenant.features.usesHours) {
        expect(active!.statuses, tenant.id).toEqual([]);
        continue;
      }
      // Started 21 days ago, an afternoon every three days: all six seeded entries are past.
      expect(active!.statuses, tenant.id).toEqual([
        'confirmed',
        'confirmed',
        'rejected',
        'confirmed',
        'pending',
        'pending',
      ]);
      expect(active).toMatchObject({
        hours: 40,
        updating_hours_allowed: true,
        supervisor: `bedrijf@${tenant.id}.test`,
      });
      expect(active!.hours_supervisor).toBe(active!.confirmed_q / 4);
      expect(completed!.statuses.every((s) => s === 'confirmed')).toBe(true);
      expect(completed).toMatchObject({ updating_hours_allowed: false, signed_off: true });
      expect(completed!.hours_supervisor).toBe(completed!.confirmed_q / 4);
    }
    await db.reseed();
    expect(await sheets()).toEqual(rows);
  });
});
