import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { identityService } from '@stageplein/identity';
import { organizationsService } from '@stageplein/organizations';
import { seededDatabase } from '@stageplein/testing/seeded-database';
import { placementsService } from '../placements.module.ts';

const SERVICES = [identityService, organizationsService, placementsService];
const db = seededDatabase(SERVICES);

/** Every `placements.internship_phase.entered` the seeds wrote: per tenant and internship, by entry. */
const entered = async () =>
  (
    await sql<{ tenant_id: string; internship_id: string; entry: number; backfilled: boolean | null }>`
      select tenant_id, envelope->'data'->>'internship_id' as internship_id,
        (envelope->'data'->>'entry')::int as entry, (envelope->'data'->>'backfilled')::boolean as backfilled
      from placements.outbox where type = 'placements.internship_phase.entered'
      order by tenant_id, internship_id, entry`.execute(db.owner)
  ).rows;

describe('seeds: the demo internship stands in a later phase', () => {
  it('one phase entered per entry; only the current one is news (the ones behind it are backfilled); idempotent', async () => {
    const rows = await entered();
    expect(rows.length).toBeGreaterThan(0);
    const runs = new Map<string, typeof rows>();
    for (const r of rows) {
      const key = `${r.tenant_id}/${r.internship_id}`;
      runs.set(key, [...(runs.get(key) ?? []), r]);
    }
    for (const [run, phases] of runs) {
      expect(
        phases.map((p) => p.entry),
        run,
      ).toEqual(phases.map((_, i) => i));
      // The feed hears of one phase per internship: the current (last) one.
      expect(
        phases.map((p) => p.backfilled ?? false),
        run,
      ).toEqual(phases.map((_, i) => i < phases.length - 1));
      expect(phases.length, run).toBeGreaterThan(1);
    }
    await db.reseed();
    expect(await entered()).toEqual(rows);
  });
});
