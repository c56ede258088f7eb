import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { organizationsService } from '@stageplein/organizations';
import { expectJsonApi } from '@stageplein/testing/jsonapi-conformance';
import { identityService } from '../src/identity.module.ts';
import {
  as,
  demoCreds,
  eventually,
  identityHarness,
  org,
  type TCreds,
  type TIdentityHarness,
  withOwner,
} from './identity-harness.ts';

/**
 * Users' `include=organizations` shows organizations as the organizations service does (JSON:API type =
 * organization type) with their names, from identity's read model fed by organizations' events.
 */
let h: TIdentityHarness;
let app: FastifyInstance;
let admin: TCreds;
const SCHOOL = org('demo', 'school');
const CENTER = org('demo', 'volunteer-center');

type TResource = { type: string; id: string; attributes: Record<string, unknown> };

beforeAll(async () => {
  h = await identityHarness({ services: [identityService, organizationsService] });
  app = h.app;
  admin = await demoCreds(app, 'admin');
});
afterAll(async () => h?.close());

/** The organization as its own service shows it. */
async function organization(id: string): Promise<TResource> {
  const res = await app.inject({ url: `/api/v1/organizations/${id}`, headers: as(admin, 'demo', id) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

const includedOrganizations = (doc: { included?: TResource[] }) =>
  (doc.included ?? []).filter((r) => r.type !== 'role').sort((a, b) => a.id.localeCompare(b.id));

describe('included organizations', () => {
  it('carry the organization type and name on current_user, users/{id} and the user list', async () => {
    const school = await organization(SCHOOL);
    const center = await organization(CENTER);
    const expected = [school, center]
      .map((o) => ({ type: o.type, id: o.id, attributes: { name: o.attributes.name, status: 'approved' } }))
      .sort((a, b) => a.id.localeCompare(b.id));
    expect(expected.map((o) => o.type).sort()).toEqual(['School', 'VolunteerCenter']);

    // The seeds' events reach identity through the relay.
    let me: { data: { id: string; relationships: { organizations: { data: unknown[] } } } } | undefined;
    await eventually(async () => {
      const res = await app.inject({
        url: '/api/v1/current_user?include=roles,organizations',
        headers: as(admin),
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(includedOrganizations(res.json())).toEqual(expected);
      me = res.json();
    });
    expectJsonApi(me);
    // Relationship linkage points at the included resources (same type and id).
    expect(
      (me!.data.relationships.organizations.data as { type: string; id: string }[]).sort((a, b) =>
        a.id.localeCompare(b.id),
      ),
    ).toEqual(expected.map(({ type, id }) => ({ type, id })));

    const one = await app.inject({
      url: `/api/v1/users/${me!.data.id}?include=roles,organizations`,
      headers: as(admin, 'demo', SCHOOL),
    });
    expect(one.statusCode, one.body).toBe(200);
    expectJsonApi(one.json());
    expect(includedOrganizations(one.json())).toEqual(expected);

    const list = await app.inject({
      url: '/api/v1/users?include=organizations&page[size]=1000',
      headers: as(admin, 'demo', SCHOOL),
    });
    expect(list.statusCode, list.body).toBe(200);
    expectJsonApi(list.json());
    const listed = includedOrganizations(list.json());
    // Other users show their roles here only; the admin sees their own everywhere.
    expect(listed).toEqual(expected);
  });

  it('follows a rename made in the organizations service', async () => {
    const renamed = `Het Nieuwe Lyceum ${Date.now()}`;
    // The organizations service knows the admin's roles once identity's seed events reached its read model.
    await eventually(async () => {
      const put = await app.inject({
        method: 'PUT',
        url: `/api/v1/organizations/${SCHOOL}`,
        headers: { ...as(admin, 'demo', SCHOOL), 'content-type': 'application/vnd.api+json' },
        payload: { data: { type: 'School', id: SCHOOL, attributes: { name: renamed } } },
      });
      expect(put.statusCode, put.body).toBe(200);
    }, 30_000);
    await eventually(async () => {
      const res = await app.inject({
        url: '/api/v1/current_user?include=organizations',
        headers: as(admin),
      });
      const school = includedOrganizations(res.json()).find((o) => o.id === SCHOOL);
      expect(school).toEqual({
        type: 'School',
        id: SCHOOL,
        attributes: { name: renamed, status: 'approved' },
      });
    });
  });
});

describe("kit's organizations read model in identity", () => {
  it("is kept by identity's consumer group from organizations' events, with kit's columns", async () => {
    type TRow = { id: string; name: string; organization_type: string; status: string; city: string | null };
    const read = (table: 'organizations.organizations' | 'identity.organizations') =>
      withOwner(h, async (owner) => {
        const kit = table === 'identity.organizations';
        const { rows } =
          await sql<TRow>`select id, name, ${kit ? sql`organization_type` : sql`type`} as organization_type,
          status, city from ${sql.table(table)} where tenant_id = 'demo' ${kit ? sql`and not deleted` : sql``}
          order by id`.execute(owner);
        return rows;
      });
    const expected = await read('organizations.organizations');
    expect(expected.filter((o) => o.city).length).toBeGreaterThan(0);
    // Identity's seeds know the demo organizations' ids only; the seeds' events bring the rest.
    await eventually(async () => expect(await read('identity.organizations')).toEqual(expected));
    const groups = await withOwner(h, async (owner) =>
      (
        await sql<{ consumer: string }>`select distinct consumer from identity.processed_events
          where consumer like '%organizations-read-model'`.execute(owner)
      ).rows.map((r) => r.consumer),
    );
    expect(groups).toEqual(['identity.kit-organizations-read-model']);
  });
});

describe('filter[id_in] on /api/v1/users', () => {
  it('returns only the listed users of the current organization; a malformed id is a localized 400', async () => {
    const headers = as(admin, 'demo', SCHOOL);
    const all = await app.inject({ url: '/api/v1/users?page[size]=1000', headers });
    const users = all.json().data as { id: string; attributes: { email: string } }[];
    const pick = users.filter((u) => u.attributes.email !== 'admin@demo.test').map((u) => u.id);
    expect(pick.length).toBeGreaterThanOrEqual(2);

    const res = await app.inject({ url: `/api/v1/users?filter[id_in]=${pick.join(',')}`, headers });
    expect(res.statusCode, res.body).toBe(200);
    expectJsonApi(res.json());
    expect(
      res
        .json()
        .data.map((u: { id: string }) => u.id)
        .sort(),
    ).toEqual([...pick].sort());
    expect(res.json().meta.total).toBe(pick.length);

    // Repeated parameters (an array) work like the comma-separated list admin-ui sends.
    const repeated = await app.inject({
      url: `/api/v1/users?${pick.map((id) => `filter[id_in]=${id}`).join('&')}`,
      headers,
    });
    expect(repeated.statusCode, repeated.body).toBe(200);
    expect(repeated.json().meta.total).toBe(pick.length);

    // A user of another organization is not listed, even by id.
    const provider = await app.inject({
      url: `/api/v1/users?filter[with_role]=admin&page[size]=1000`,
      headers: as(await demoCreds(app, 'bedrijf'), 'demo', org('demo', 'provider')),
    });
    const providerAdmin = provider.json().data[0].id as string;
    const foreign = await app.inject({ url: `/api/v1/users?filter[id_in]=${providerAdmin}`, headers });
    expect(foreign.json().data).toEqual([]);

    for (const [language, title] of [
      ['nl', 'Ongeldig verzoek'],
      ['en', 'Bad request'],
    ] as const) {
      const bad = await app.inject({
        url: `/api/v1/users?filter[id_in]=${pick[0]},nope`,
        headers: { ...headers, 'accept-language': language },
      });
      expect(bad.statusCode).toBe(400);
      expectJsonApi(bad.json());
      expect(bad.json().errors[0].source).toEqual({ parameter: 'filter[id_in]' });
      expect(bad.json().errors[0].title).toBe(title);
    }
  });
});
