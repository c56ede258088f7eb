import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TTenantId } from '@stageplein/contracts/tenants/tenant.types';
import { asOwner, harness, type THarness } from '../../test/harness.ts';
import migration from '../migrations/20270112T0900-internship-tallies.ts';

// The tallies behind the internships list's unfiltered total (migration 20270112T0900-internship-tallies).
let h: THarness;
const SCHOOL_A = randomUUID();
const SCHOOL_B = randomUUID();
const ORG_X = randomUUID();
const ORG_Y = randomUUID();

beforeAll(async () => {
  h = await harness();
});
afterAll(async () => {
  await h?.close();
});

type TPair = [school: string, organization: string | null];

const insert = (trx: Kysely<unknown>, tenant: TTenantId, pairs: TPair[]) =>
  sql<{ id: string }>`insert into placements.internships (tenant_id, student_id, school_id, organization_id,
      title, contract_type, self_found, updating_hours_allowed, status, created_at, updated_at)
    select ${tenant}, gen_random_uuid(), p.school_id, p.organization_id, 'Stage', 'contract',
      p.organization_id is null, false, 'active', now(), now()
    from jsonb_to_recordset(${JSON.stringify(pairs.map(([s, o]) => ({ school_id: s, organization_id: o })))}::jsonb)
      as p(school_id uuid, organization_id uuid)
    returning id`
    .execute(trx)
    .then((r) => r.rows.map((row) => row.id));

/** Per tenant and pair of this file's schools: the tally and the internships themselves. */
async function bothCounts() {
  const counted = await sql<{ key: string; n: number }>`select tenant_id || '/' || school_id || '/' ||
      coalesce(organization_id::text, '-') as key, count(*)::int as n
    from placements.internships where school_id in (${SCHOOL_A}, ${SCHOOL_B}) group by 1 order by 1`.execute(
    h.owner,
  );
  const tallied = await sql<{ key: string; n: number }>`select tenant_id || '/' || school_id || '/' ||
      coalesce(organization_id::text, '-') as key, internships as n
    from placements.internship_tallies where school_id in (${SCHOOL_A}, ${SCHOOL_B}) and internships > 0
    order by 1`.execute(h.owner);
  return { counted: counted.rows, tallied: tallied.rows };
}

async function expectTalliesMatch(expected: number) {
  const { counted, tallied } = await bothCounts();
  expect(tallied).toEqual(counted);
  expect(counted.reduce((sum, r) => sum + r.n, 0)).toBe(expected);
}

describe('internship tallies', () => {
  it('follow inserts, moves between pairs, deletes and rollbacks, per tenant', async () => {
    const ids = await asOwner(h, 'demo', (trx) =>
      insert(trx, 'demo', [
        [SCHOOL_A, ORG_X],
        [SCHOOL_A, ORG_X],
        [SCHOOL_A, ORG_Y],
        [SCHOOL_A, null],
        [SCHOOL_B, ORG_X],
      ]),
    );
    await asOwner(h, 'raayland', (trx) => insert(trx, 'raayland', [[SCHOOL_A, ORG_X]]));
    await expectTalliesMatch(6);

    // A status change moves nothing; a change of organization, school, or to none moves one.
    await asOwner(h, 'demo', async (trx) => {
      await sql`update placements.internships set status = 'completed' where id = ${ids[0]!}`.execute(trx);
      await sql`update placements.internships set organization_id = ${ORG_Y} where id = ${ids[1]!}`.execute(
        trx,
      );
      await sql`update placements.internships set school_id = ${SCHOOL_B}, organization_id = null, self_found = true
        where id = ${ids[2]!}`.execute(trx);
    });
    await expectTalliesMatch(6);
    const { tallied } = await bothCounts();
    expect(tallied.find((r) => r.key === `demo/${SCHOOL_A}/${ORG_Y}`)?.n).toBe(1);

    // Several rows of one statement, across pairs; then deletes.
    await asOwner(h, 'demo', (trx) =>
      sql`update placements.internships set organization_id = ${ORG_X}, self_found = false
        where school_id in (${SCHOOL_A}, ${SCHOOL_B}) and organization_id is null`.execute(trx),
    );
    await expectTalliesMatch(6);
    await asOwner(h, 'demo', (trx) =>
      sql`delete from placements.internships where id in (${ids[0]!}, ${ids[4]!})`.execute(trx),
    );
    await expectTalliesMatch(4);

    // What a rolled-back transaction wrote leaves no trace.
    await expect(
      asOwner(h, 'demo', async (trx) => {
        await insert(trx, 'demo', [[SCHOOL_B, ORG_Y]]);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await expectTalliesMatch(4);
  });

  it('are the current tenant’s only', async () => {
    await asOwner(h, 'raayland', (trx) => insert(trx, 'raayland', [[SCHOOL_B, ORG_Y]]));
    const seen = await h.platform.app.transaction().execute(async (trx) => {
      await sql`select set_config('app.tenant_id', 'demo', true)`.execute(trx);
      return (
        await sql<{
          tenant_id: string;
        }>`select distinct tenant_id from placements.internship_tallies`.execute(trx)
      ).rows.map((r) => r.tenant_id);
    });
    expect(seen).toEqual(['demo']);
  });

  it('are built from the internships already there when the migration runs, and go with its down', async () => {
    const { counted } = await bothCounts();
    expect(counted.length).toBeGreaterThan(1);
    await migration.down!(h.owner);
    const left = await sql<{ n: number }>`select count(*)::int as n from pg_trigger
      where tgrelid = 'placements.internships'::regclass and tgname like 'internship_tallies%'`.execute(
      h.owner,
    );
    expect(left.rows[0]!.n).toBe(0);
    await migration.up(h.owner);
    const after = await bothCounts();
    expect(after.tallied).toEqual(counted);
  });
});
