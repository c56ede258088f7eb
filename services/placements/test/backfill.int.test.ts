import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentService } from '@stageplein/content';
import { identityService } from '@stageplein/identity';
import { organizationsService } from '@stageplein/organizations';
import { createDb, createPool } from '@stageplein/kit/db/database';
import { prepareDatabase } from '@stageplein/kit/runtime/platform';
import { freshDatabase } from '@stageplein/testing/harness';
import type { TStackConfig } from '@stageplein/stack/services';
import { backfillService } from '@stageplein/kit/runtime/backfill';
import { PLACEMENTS_BACKFILL } from '../src/backfill/backfill.ts';
import { placementsService } from '../src/placements.module.ts';

let owner: Kysely<unknown>;
let ownerUrl: string;
let config: TStackConfig;

// A product that ran without placements: identity's, organizations' and content's events were sent long ago.
const EARLIER = [identityService, organizationsService, contentService];
beforeAll(async () => {
  ({ ownerUrl, config } = await freshDatabase(EARLIER, { seed: true }));
  owner = createDb(createPool(ownerUrl, 2));
}, 120_000);
afterAll(async () => {
  await owner?.destroy();
});

const ids = async (query: ReturnType<typeof sql<{ id: string }>>) =>
  (await query.execute(owner)).rows.map((r) => r.id).sort();

describe('placements deployed later: npm run backfill', () => {
  it('replays identity’s, organizations’ and content’s outboxes into its read models, idempotently', async () => {
    const organizations = await ids(sql`select id from organizations.organizations`);
    const users = await ids(sql`select id from identity.users`);
    const roles = await ids(sql`select id from identity.roles`);
    expect(organizations.length).toBeGreaterThan(10);
    expect(users.length).toBeGreaterThan(10);

    // Placements arrives: its schema is created, but no event reaches it by itself.
    await prepareDatabase(ownerUrl, config, [...EARLIER, placementsService], {
      seed: false,
    });
    expect(await ids(sql`select id from placements.organizations`)).toEqual([]);

    const lines: string[] = [];
    const first = await backfillService(ownerUrl, config, PLACEMENTS_BACKFILL, (l) => lines.push(l));
    expect(first.read).toBeGreaterThan(0);
    expect(lines.at(-1)).toMatch(/^back-filled \d+ event\(s\)/);
    expect(await ids(sql`select id from placements.organizations`)).toEqual(organizations);
    expect(await ids(sql`select id from placements.users`)).toEqual(users);
    expect(await ids(sql`select role_id as id from placements.auth_roles`)).toEqual(roles);
    // The school resources internships need (issue #16): school years (spec §4's in-scope rule),
    // periods, groups, levels, websites; and the tags that name the internship bank's tag facet.
    for (const table of ['school_years', 'internship_periods', 'groups', 'levels', 'tags'])
      expect(await ids(sql`select id from ${sql.table(`placements.${table}`)}`), table).toEqual(
        await ids(sql`select id from ${sql.table(`organizations.${table}`)}`),
      );
    expect(await ids(sql`select id from placements.internship_periods`)).not.toEqual([]);
    expect(await ids(sql`select id from placements.tags`)).not.toEqual([]);
    expect(await ids(sql`select id from placements.school_years`)).not.toEqual([]);
    expect(await ids(sql`select id from placements.organization_websites`)).toEqual(organizations);
    // Content's published evaluation and assignment forms (not the public ones), with their definitions.
    const forms = (
      await sql<{ id: string }>`select form_id || ':' || version as id from content.form_versions v
        join content.forms f on f.id = v.form_id where f.purpose in ('evaluation', 'assignment')`.execute(
        owner,
      )
    ).rows.map((r) => r.id);
    expect(forms.length).toBeGreaterThanOrEqual(4);
    expect(await ids(sql`select form_id || ':' || version as id from placements.form_versions`)).toEqual(
      forms.sort(),
    );
    // Content's stock images (seeded per tenant) with their alt text: what vacancies may show.
    const stock = await ids(sql`select upload_id || ':' || alt as id from content.stock_images`);
    expect(stock.length).toBeGreaterThan(0);
    expect(
      await ids(
        sql`select upload_id || ':' || stock_alt as id from placements.images where stock_image_id is not null`,
      ),
    ).toEqual(stock);
    const seeded = (
      await sql<{ name: string; status: string; city: string | null; latitude: number | null }>`
        select name, status, city, latitude from placements.organizations o
        where o.id = (select id from organizations.organizations where tenant_id = 'demo' and type = 'Provider' limit 1)`.execute(
        owner,
      )
    ).rows[0]!;
    expect(seeded).toMatchObject({ status: 'approved', city: 'Utrecht' });
    expect(typeof seeded.latitude).toBe('number');

    // Again: the same events are skipped by their ids, nothing doubles or changes.
    const before = await sql`select * from placements.organizations order by id`.execute(owner);
    await backfillService(ownerUrl, config, PLACEMENTS_BACKFILL, () => undefined);
    expect((await sql`select * from placements.organizations order by id`.execute(owner)).rows).toEqual(
      before.rows,
    );
    expect(await ids(sql`select role_id as id from placements.auth_roles`)).toEqual(roles);
  });
});
