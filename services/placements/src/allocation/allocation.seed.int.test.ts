import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identityService } from '@stageplein/identity';
import { organizationsService } from '@stageplein/organizations';
import { TENANT_LIST } from '@stageplein/contracts/tenants/tenant-registry';
import { createDb, createPool } from '@stageplein/kit/db/database';
import { prepareDatabase } from '@stageplein/kit/runtime/platform';
import { freshDatabase } from '@stageplein/testing/harness';
import type { TStackConfig } from '@stageplein/stack/services';
import { placementsService } from '../placements.module.ts';

const SERVICES = [identityService, organizationsService, placementsService];
let owner: Kysely<unknown>;
let ownerUrl: string;
let config: TStackConfig;

beforeAll(async () => {
  ({ ownerUrl, config } = await freshDatabase(SERVICES, { seed: true }));
  owner = createDb(createPool(ownerUrl, 2));
}, 120_000);
afterAll(async () => {
  await owner?.destroy();
});

const seeded = async () =>
  (
    await sql<{ tenant_id: string; status: string; vacancies: number; email: string | null; ranked: number }>`
      select r.tenant_id, r.status,
        (select count(*)::int from placements.allocation_round_vacancies v where v.round_id = r.id) as vacancies,
        u.email, coalesce(cardinality(p.vacancy_ids), 0) as ranked
      from placements.allocation_rounds r
      left join placements.allocation_preferences p on p.round_id = r.id
      left join identity.users u on u.id = p.student_id
      order by r.tenant_id`.execute(owner)
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
    await prepareDatabase(ownerUrl, config, SERVICES, { seed: true });
    expect(await seeded()).toEqual(rows);
  });
});
