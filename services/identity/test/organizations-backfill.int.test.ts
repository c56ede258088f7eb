import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizationsService } from '@stageplein/organizations';
import { createDb, createPool } from '@stageplein/kit/db/database';
import { freshDatabase } from '@stageplein/testing/harness';
import type { TStackConfig } from '@stageplein/stack/services';
import { backfillService } from '@stageplein/kit/runtime/backfill';
import { IDENTITY_BACKFILL } from '../src/backfill/backfill.ts';
import { identityService } from '../src/identity.module.ts';

/**
 * Identity keeps kit's organizations read model (migration 20270202T0900): the rows identity had stay,
 * and `npm run backfill -w @stageplein/identity` replays organizations' outbox into it, so it holds
 * every organization with what kit keeps (city, postcode besides name, type and status).
 */
let owner: Kysely<unknown>;
let ownerUrl: string;
let config: TStackConfig;

beforeAll(async () => {
  // Seeded, but no event delivered: identity knows the demo organizations only as its own seeds name them.
  ({ ownerUrl, config } = await freshDatabase([identityService, organizationsService], { seed: true }));
  owner = createDb(createPool(ownerUrl, 2));
}, 120_000);
afterAll(async () => {
  await owner?.destroy();
});

type TRow = { id: string; name: string; organization_type: string; status: string; city: string | null };
const rows = async (query: ReturnType<typeof sql<TRow>>) =>
  (await query.execute(owner)).rows.sort((a, b) => a.id.localeCompare(b.id));

describe("identity's organizations read model: npm run backfill", () => {
  it("replays organizations' outbox into kit's read model, idempotently", async () => {
    const expected = await rows(sql<TRow>`select id, name, type as organization_type, status, city
      from organizations.organizations`);
    expect(expected.length).toBeGreaterThan(10);
    expect(expected.every((o) => o.city)).toBe(true);
    // Identity's seeds know the demo organizations by id, type and status only (their names are the
    // type until an event arrives) and nothing of what kit adds.
    const before = await rows(sql<TRow>`select id, name, organization_type, status, city
      from identity.organizations where not deleted`);
    expect(before.map((o) => o.id)).toEqual(expected.map((o) => o.id));
    expect(before.every((o) => o.city === null && o.name === o.organization_type)).toBe(true);

    const lines: string[] = [];
    const first = await backfillService(ownerUrl, config, IDENTITY_BACKFILL, (l) => lines.push(l));
    expect(first.read).toBeGreaterThan(0);
    expect(first.delivered['identity.kit-organizations-read-model']).toBe(first.read);
    expect(lines.at(-1)).toMatch(/^back-filled \d+ event\(s\)/);
    const after = sql<TRow>`select id, name, organization_type, status, city
      from identity.organizations where not deleted`;
    expect(await rows(after)).toEqual(expected);

    // Again: every event id is known to the group, nothing changes.
    const second = await backfillService(ownerUrl, config, IDENTITY_BACKFILL, () => undefined);
    expect(second.read).toBe(first.read);
    expect(await rows(after)).toEqual(expected);
    // Only the read model: the consumers with effects (invitations, mails) never see a back-fill.
    const { rows: groups } = await sql<{ consumer: string }>`
      select distinct consumer from identity.processed_events`.execute(owner);
    expect(groups.map((g) => g.consumer)).toEqual(['identity.kit-organizations-read-model']);
  });
});
