import { randomUUID } from 'node:crypto';
import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ZVacancyMarkerCollection,
  ZVacancySearchCollection,
} from '@stageplein/contracts/placements/vacancy-search';
import type { TTenantId } from '@stageplein/contracts/tenants/tenant.types';
import { distanceKm, findPlace } from '../geo/gazetteer.ts';
import { parseSearch } from './vacancy-search.plan.ts';
import { vacancyMarkers } from './vacancy-search.service.ts';
import { markersSql, NO_LEVEL, searchPageSql, termsDecide, type TSearchPlan } from './vacancy-search.sql.ts';
import type { TDb } from '../database.ts';
import rankMigration from '../migrations/20270113T0900-vacancy-terms-rank.ts';
import levelsMigration from '../migrations/20270114T0900-vacancy-terms-levels.ts';
import {
  adminOf,
  asOwner,
  call,
  deliver,
  eventually,
  expectStatus,
  harness,
  organization,
  type THarness,
  type TUser,
} from '../../test/harness.ts';

let h: THarness;
let provider: TUser & { organizationId: string };
let nonProfit: string;
let otherTenantOrg: string;
const LEVEL_A = randomUUID();
const LEVEL_B = randomUUID();
const TAG_A = randomUUID();
const TAG_B = randomUUID();
const SCHOOL = randomUUID();
const utrecht = findPlace('Utrecht')!;
const amersfoort = findPlace('Amersfoort')!;
const zeist = findPlace('Zeist')!;
const amsterdam = findPlace('Amsterdam')!;

interface TSeed {
  title: string;
  description?: string;
  at: { lat: number; lng: number; name: string } | null;
  organizationId?: string;
  status?: 'draft' | 'published' | 'closed';
  hidden?: boolean;
  kind?: 'internship' | 'volunteer';
  hours?: number | null;
  levels?: string[];
  tags?: string[];
  startsOn?: string | null;
  publishedDaysAgo?: number;
  tenant?: TTenantId;
}

const ids: Record<string, string> = {};

async function seed(key: string, s: TSeed): Promise<string> {
  const id = randomUUID();
  const published = new Date(Date.now() - (s.publishedDaysAgo ?? 1) * 86_400_000);
  const status = s.status ?? 'published';
  await sql`insert into placements.vacancies (id, tenant_id, organization_id, title, description, description_html,
      city, latitude, longitude, hours_per_week, level_ids, tag_ids, kind, status, published_at, starts_on,
      hidden, hidden_reason, created_at, updated_at)
    values (${id}, ${s.tenant ?? 'demo'}, ${s.organizationId ?? provider.organizationId}, ${s.title},
      ${JSON.stringify({ type: 'doc', content: [] })}::jsonb, ${`<p>${s.description ?? ''}</p>`},
      ${s.at?.name ?? null}, ${s.at?.lat ?? null}, ${s.at?.lng ?? null}, ${s.hours ?? null},
      ${s.levels ?? []}::uuid[], ${s.tags ?? []}::uuid[], ${s.kind ?? 'internship'}, ${status},
      ${status === 'draft' ? null : published}, ${s.startsOn ?? null}, ${s.hidden ?? false},
      ${s.hidden ? 'Niet passend' : null}, ${published}, ${published})`.execute(h.owner);
  ids[key] = id;
  return id;
}

beforeAll(async () => {
  h = await harness();
  // The seeded demo vacancies would blur the counts: this file's corpus only.
  await sql`delete from placements.vacancies`.execute(h.owner);
  provider = await adminOf(h, 'Provider');
  nonProfit = await organization(h, 'NonProfit', 'approved');
  otherTenantOrg = await organization(h, 'Provider', 'approved', 'raayland');
  const at = (p: typeof utrecht) => ({ lat: p.lat, lng: p.lng, name: p.name });
  await seed('nursing', {
    title: 'Stageplaats verpleegkunde',
    description: 'Leer het vak in ons ziekenhuis.',
    at: at(utrecht),
    hours: 32,
    levels: [LEVEL_A],
    tags: [TAG_A],
    startsOn: '2027-02-01',
    publishedDaysAgo: 1,
  });
  await seed('cafe', {
    title: 'Café-medewerker',
    description: 'Koffie zetten en gasten ontvangen.',
    at: at(amersfoort),
    organizationId: nonProfit,
    kind: 'volunteer',
    hours: 4,
    levels: [LEVEL_B],
    tags: [TAG_B],
    startsOn: '2027-06-01',
    publishedDaysAgo: 2,
  });
  await seed('books', {
    title: 'Hulp in de winkel',
    description: 'Je sorteert elk boek en helpt klanten.',
    at: at(zeist),
    hours: 16,
    levels: [LEVEL_A, LEVEL_B],
    publishedDaysAgo: 3,
  });
  await seed('amsterdam', {
    title: 'Marketingstage',
    at: at(amsterdam),
    organizationId: nonProfit,
    hours: 24,
    publishedDaysAgo: 4,
  });
  await seed('nowhere', { title: 'Thuiswerkstage administratie', at: null, publishedDaysAgo: 5 });
  await seed('draft', { title: 'Stageplaats techniek (concept)', at: at(utrecht), status: 'draft' });
  await seed('hidden', {
    title: 'Stageplaats verborgen',
    at: at(utrecht),
    hidden: true,
    publishedDaysAgo: 6,
  });
  await seed('closed', {
    title: 'Stageplaats gesloten',
    at: at(utrecht),
    status: 'closed',
    publishedDaysAgo: 7,
  });
  await seed('otherTenant', {
    title: 'Stageplaats verpleegkunde elders',
    at: at(utrecht),
    organizationId: otherTenantOrg,
    tenant: 'raayland',
  });
  // The school catalogue as organizations announces it: levels and a tag of the demo tenant, and a
  // tag of another tenant that one of this tenant's vacancies happens to carry (its name must not show).
  const catalogue = [
    ['organizations.level.created', LEVEL_A, 'Niveau 2', 'demo'],
    ['organizations.level.created', LEVEL_B, 'Niveau 4', 'demo'],
    ['organizations.tag.created', TAG_A, 'Zorg', 'demo'],
    ['organizations.tag.created', TAG_B, 'Horeca elders', 'raayland'],
  ] as const;
  for (const [type, id, name, tenant] of catalogue)
    await (type === 'organizations.level.created'
      ? deliver(h, type, id, { level_id: id, school_id: SCHOOL, name }, tenant)
      : deliver(h, type, id, { tag_id: id, school_id: SCHOOL, name }, tenant));
  await eventually(async () => {
    const { rows } = await sql<{ n: number }>`
      select (select count(*) from placements.levels where id in (${LEVEL_A}, ${LEVEL_B}))::int
        + (select count(*) from placements.tags where id in (${TAG_A}, ${TAG_B}))::int as n`.execute(h.owner);
    expect(rows[0]!.n).toBe(4);
  });
}, 180_000);
afterAll(async () => {
  await h?.close();
});

const search = async (query: string, user: TUser | null = null, tenant: TTenantId = 'demo') => {
  const res = await call(h.app, {
    method: 'GET',
    url: `/api/v1/vacancies?${query}`,
    headers: user?.headers ?? { 'x-tenant': tenant },
  });
  expectStatus(res, 200);
  return ZVacancySearchCollection.parse(res.json());
};
const keysOf = async (query: string, user: TUser | null = null) => {
  const byId = Object.fromEntries(Object.entries(ids).map(([k, id]) => [id, k]));
  return (await search(query, user)).data.map((v) => byId[v.id]);
};
const q = (params: Record<string, string>) => new URLSearchParams(params).toString();

describe('vacancy search: text', () => {
  it('lists the published, visible vacancies of the tenant, newest first, with meta.total', async () => {
    const doc = await search('');
    expect(doc.data.map((v) => v.id)).toEqual(
      ['nursing', 'cafe', 'books', 'amsterdam', 'nowhere'].map((k) => ids[k]),
    );
    expect(doc.meta).toMatchObject({ total: 5, sort: 'newest', near: null, next_cursor: null });
  });

  it('matches word prefixes: "stage" finds "stageplaats" and "marketingstage" only as a word start', async () => {
    expect(await keysOf(q({ 'filter[search]': 'stage' }))).toEqual(['nursing']);
    expect(await keysOf(q({ 'filter[search]': 'verpleeg' }))).toEqual(['nursing']);
    expect(await keysOf(q({ 'filter[search]': 'marketingstage' }))).toEqual(['amsterdam']);
  });

  it('stems Dutch words: "boeken" finds "boek"', async () => {
    expect(await keysOf(q({ 'filter[search]': 'boeken' }))).toEqual(['books']);
  });

  it('ignores accents both ways and requires every word', async () => {
    expect(await keysOf(q({ 'filter[search]': 'cafe' }))).toEqual(['cafe']);
    expect(await keysOf(q({ 'filter[search]': 'CAFÉ medewerker' }))).toEqual(['cafe']);
    expect(await keysOf(q({ 'filter[search]': 'cafe ziekenhuis' }))).toEqual([]);
  });

  it('falls back to trigram similarity for typos', async () => {
    const doc = await search(q({ 'filter[search]': 'stagplaats verplegkunde' }));
    expect(doc.data.map((v) => v.id)).toEqual([ids.nursing]);
    expect(doc.meta.total).toBe(1);
  });

  it('searches the city and the description too, title first', async () => {
    expect(await keysOf(q({ 'filter[search]': 'ziekenhuis' }))).toEqual(['nursing']);
    expect(await keysOf(q({ 'filter[search]': 'amersfoort' }))).toEqual(['cafe']);
  });

  it('treats punctuation and quotes in the text as separators, not tsquery syntax', async () => {
    expect(await keysOf(q({ 'filter[search]': "stage'&|!(:*" }))).toEqual(['nursing']);
    expect(await keysOf(q({ 'filter[search]': '&&&' }))).toHaveLength(5);
  });
});

describe('vacancy search: filters', () => {
  it.each([
    [{ 'filter[level_id_eq]': LEVEL_A }, ['nursing', 'books']],
    [{ 'filter[level_id_in]': `${LEVEL_B},${randomUUID()}` }, ['cafe', 'books']],
    [{ 'filter[tag_id_in]': `${TAG_A},${TAG_B}` }, ['nursing', 'cafe']],
    [{ 'filter[kind_eq]': 'volunteer' }, ['cafe']],
    [{ 'filter[kind_in]': 'internship' }, ['nursing', 'books', 'amsterdam', 'nowhere']],
    [{ 'filter[hours_per_week_lteq]': '16' }, ['cafe', 'books']],
    [{ 'filter[hours_per_week_gteq]': '24' }, ['nursing', 'amsterdam']],
    [{ 'filter[starts_on_gteq]': '2027-03-01' }, ['cafe']],
    [{ 'filter[starts_on_lteq]': '2027-03-01' }, ['nursing']],
    [
      { 'filter[published_at_lteq]': new Date(Date.now() - 2.5 * 86_400_000).toISOString() },
      ['books', 'amsterdam', 'nowhere'],
    ],
  ])('%o', async (filters, expected) => {
    expect(await keysOf(q(filters))).toEqual(expected);
  });

  it('filters by organization and organization type (the read model)', async () => {
    expect(await keysOf(q({ 'filter[organization_id_eq]': nonProfit }))).toEqual(['cafe', 'amsterdam']);
    expect(await keysOf(q({ 'filter[organization_type_eq]': 'NonProfit' }))).toEqual(['cafe', 'amsterdam']);
    expect(await keysOf(q({ 'filter[organization_type_in]': 'Provider,School' }))).toEqual([
      'nursing',
      'books',
      'nowhere',
    ]);
  });

  it('combines text, filters and radius', async () => {
    expect(
      await keysOf(
        q({
          'filter[search]': 'hulp',
          'filter[level_id_in]': LEVEL_A,
          'filter[near]': 'Utrecht',
          'filter[kind_eq]': 'internship',
        }),
      ),
    ).toEqual(['books']);
  });

  it.each([
    ['filter[level_id_in]', 'not-a-uuid'],
    ['filter[hours_per_week_lteq]', 'veel'],
    ['filter[starts_on_gteq]', 'morgen'],
    ['filter[title_eq]', 'x'],
    ['filter[near]', '-90,-180'],
    ['filter[within_km]', '500'],
    ['sort', '-newest'],
    ['sort', 'distance'],
    ['page[cursor]', 'garbage'],
    ['with_facets', 'ja'],
  ])('answers 400 naming %s=%s', async (name, value) => {
    const res = await call(h.app, {
      method: 'GET',
      url: `/api/v1/vacancies?${q({ [name]: value })}`,
      headers: { 'x-tenant': 'demo' },
    });
    expectStatus(res, 400, 'bad_request');
    expect(res.json().errors[0].source.parameter).toBe(name);
  });

  it('says which place it does not know, in the caller’s language (issue #30 item 8)', async () => {
    for (const [lang, detail] of [
      ['nl', 'We kennen de plaats “Nergenshuizen” niet.'],
      ['en', 'We do not know the place “Nergenshuizen”.'],
    ] as const) {
      const res = await call(h.app, {
        method: 'GET',
        url: `/api/v1/vacancies?${q({ 'filter[near]': 'Nergenshuizen' })}`,
        headers: { 'x-tenant': 'demo', 'accept-language': lang },
      });
      expectStatus(res, 400, 'unknown_place');
      expect(res.json().errors[0].source.parameter).toBe('filter[near]');
      expect(res.json().errors[0].detail).toContain(detail);
    }
  });
});

describe('vacancy search: radius', () => {
  it('finds vacancies within the radius of a place, nearest first, with distances', async () => {
    const doc = await search(q({ 'filter[near]': 'Utrecht', 'filter[within_km]': '25' }));
    expect(doc.data.map((v) => v.id)).toEqual([ids.nursing, ids.books, ids.cafe]);
    expect(doc.meta.sort).toBe('distance');
    expect(doc.meta.near).toMatchObject({ label: 'Utrecht', kind: 'place', within_km: 25 });
    expect(doc.data[0]!.meta!.distance_km).toBeCloseTo(0, 5);
    expect(doc.data[2]!.meta!.distance_km).toBeCloseTo(distanceKm(utrecht, amersfoort), 3);
  });

  it('includes a vacancy just inside the radius and leaves it out just outside', async () => {
    const d = distanceKm(utrecht, amersfoort);
    const near = `${utrecht.lat},${utrecht.lng}`;
    expect(await keysOf(q({ 'filter[near]': near, 'filter[within_km]': String(d + 0.01) }))).toContain(
      'cafe',
    );
    expect(await keysOf(q({ 'filter[near]': near, 'filter[within_km]': String(d - 0.01) }))).not.toContain(
      'cafe',
    );
  });

  it('resolves a postcode to its place and defaults to 25 km', async () => {
    const doc = await search(q({ 'filter[near]': '3511 AB' }));
    expect(doc.meta.near).toMatchObject({ label: 'Utrecht', kind: 'postcode', within_km: 25 });
    expect(doc.meta.total).toBe(3);
  });

  it('reaches Amsterdam with a wide radius and never lists vacancies without coordinates', async () => {
    const keys = await keysOf(q({ 'filter[near]': 'Utrecht', 'filter[within_km]': '60' }));
    expect(keys).toEqual(['nursing', 'books', 'cafe', 'amsterdam']);
  });
});

describe('vacancy search: pages', () => {
  it('walks every result by cursor with meta.total on every page', async () => {
    const seen: string[] = [];
    let url = q({ 'page[size]': '2' });
    for (let i = 0; i < 5; i++) {
      const doc = await search(url);
      expect(doc.meta.total).toBe(5);
      seen.push(...doc.data.map((v) => v.id));
      if (!doc.meta.next_cursor) break;
      expect(doc.links!.next).toContain('page%5Bcursor%5D=');
      url = q({ 'page[size]': '2', 'page[cursor]': doc.meta.next_cursor });
    }
    expect(seen).toEqual(['nursing', 'cafe', 'books', 'amsterdam', 'nowhere'].map((k) => ids[k]));
  });

  it('keeps its place under inserts: a newer vacancy neither repeats nor skips a row', async () => {
    const first = await search(q({ 'page[size]': '2' }));
    const fresh = await seed('fresh', { title: 'Nieuwe stage', at: null, publishedDaysAgo: 0 });
    try {
      const second = await search(q({ 'page[size]': '2', 'page[cursor]': first.meta.next_cursor! }));
      expect(second.data.map((v) => v.id)).toEqual([ids.books, ids.amsterdam]);
      expect(second.meta.total).toBe(6);
    } finally {
      await sql`delete from placements.vacancies where id = ${fresh}`.execute(h.owner);
    }
  });

  it('pages by distance and by relevance with the cursor too', async () => {
    const byDistance = await search(q({ 'filter[near]': 'Utrecht', 'page[size]': '1' }));
    const next = await search(
      q({ 'filter[near]': 'Utrecht', 'page[size]': '1', 'page[cursor]': byDistance.meta.next_cursor! }),
    );
    expect([byDistance.data[0]!.id, next.data[0]!.id]).toEqual([ids.nursing, ids.books]);
    const byRank = await search(q({ 'filter[search]': 'stage', 'page[size]': '1' }));
    expect(byRank.meta).toMatchObject({ sort: 'relevance', total: 1, next_cursor: null });
  });

  it('answers page[number] with numbered links for compatibility', async () => {
    const doc = await search(q({ 'page[size]': '2', 'page[number]': '3' }));
    expect(doc.data.map((v) => v.id)).toEqual([ids.nowhere]);
    expect(doc.meta.total).toBe(5);
    expect(doc.links!.prev).toContain('page%5Bnumber%5D=2');
    const beyond = await search(q({ 'page[size]': '2', 'page[number]': '9' }));
    expect(beyond.data).toEqual([]);
    expect(beyond.meta.total).toBe(5);
  });
});

describe('vacancy search: facets and markers', () => {
  it('counts levels, tags, kinds and organization types of the matches, levels and tags named', async () => {
    const doc = await search(q({ with_facets: 'true', 'filter[near]': 'Utrecht' }));
    expect(doc.meta.facets).toEqual({
      level_id: [
        { value: LEVEL_A, count: 2, label: 'Niveau 2' },
        { value: LEVEL_B, count: 2, label: 'Niveau 4' },
      ].sort((a, b) => a.value.localeCompare(b.value)),
      // TAG_B is another tenant's tag: its id counts, its name stays there.
      tag_id: [
        { value: TAG_A, count: 1, label: 'Zorg' },
        { value: TAG_B, count: 1, label: null },
      ].sort((a, b) => a.value.localeCompare(b.value)),
      kind: [
        { value: 'internship', count: 2 },
        { value: 'volunteer', count: 1 },
      ],
      organization_type: [
        { value: 'Provider', count: 2 },
        { value: 'NonProfit', count: 1 },
      ],
      capped: false,
    });
    expect((await search(q({ 'filter[near]': 'Utrecht' }))).meta.facets).toBeUndefined();
  });

  it('names a renamed tag by its new name at once (the counts may come from the cache)', async () => {
    const query = q({ with_facets: 'true', 'filter[near]': 'Utrecht' });
    await search(query);
    await deliver(h, 'organizations.tag.updated', TAG_A, {
      tag_id: TAG_A,
      school_id: SCHOOL,
      name: 'Zorg en welzijn',
    });
    await eventually(async () =>
      expect((await search(query)).meta.facets!.tag_id.find((f) => f.value === TAG_A)).toEqual({
        value: TAG_A,
        count: 1,
        label: 'Zorg en welzijn',
      }),
    );
    // The other tenant sees its own tag's name on its own vacancies only; never this tenant's.
    const other = await search(q({ with_facets: 'true' }), null, 'raayland');
    expect(other.meta.facets!.tag_id).toEqual([]);
  });

  it('gives light markers for every match with coordinates', async () => {
    const res = await call(h.app, {
      method: 'GET',
      url: `/api/v1/vacancies/markers?${q({ 'filter[near]': 'Utrecht', 'filter[within_km]': '60' })}`,
      headers: { 'x-tenant': 'demo' },
    });
    expectStatus(res, 200);
    const doc = ZVacancyMarkerCollection.parse(res.json());
    expect(doc.meta).toMatchObject({ total: 4, capped: false });
    expect(doc.data[0]).toEqual({
      type: 'vacancy_marker',
      id: ids.nursing,
      attributes: { title: 'Stageplaats verpleegkunde', lat: utrecht.lat, lng: utrecht.lng },
    });
    const all = ZVacancyMarkerCollection.parse(
      (
        await call(h.app, {
          method: 'GET',
          url: '/api/v1/vacancies/markers',
          headers: { 'x-tenant': 'demo' },
        })
      ).json(),
    );
    expect(all.meta.total).toBe(4); // "nowhere" has no coordinates
  });

  it('refuses markers around the poles and far from the tenants’ area before any query (#31.5)', async () => {
    for (const near of ['-90,-180', '90,0', '-89.9,179.9', '48.85,2.35']) {
      const res = await call(h.app, {
        method: 'GET',
        url: `/api/v1/vacancies/markers?${q({ 'filter[near]': near, 'filter[within_km]': '250' })}`,
        headers: { 'x-tenant': 'demo' },
      });
      expectStatus(res, 400, 'bad_request');
      expect(res.json().errors[0].source.parameter).toBe('filter[near]');
    }
  });

  it('counts the markers it leaves out when there are more than it shows, through either path', async () => {
    const markers = (params: Record<string, string>, max: number) =>
      asOwner(h, 'demo', (trx) =>
        vacancyMarkers(
          trx as unknown as TDb,
          parseSearch(params, 'demo', () => ({ kind: 'public' })),
          max,
        ),
      );
    const wide = { 'filter[near]': 'Utrecht', 'filter[within_km]': '60' };
    const byWords = { ...wide, 'filter[search]': 'k' }; // koffie (cafe), klanten (books)
    expect(termsDecide(parseSearch(byWords, 'demo', () => ({ kind: 'public' })).plan)).toBe(true);
    for (const [params, total] of [
      [wide, 4],
      [byWords, 2],
    ] as const) {
      const all = await markers(params, 10);
      expect(all.total, JSON.stringify(params)).toBe(total);
      expect(all.markers).toHaveLength(total);
      const capped = await markers(params, 1);
      expect(capped.total, JSON.stringify(params)).toBe(total);
      expect(capped.markers).toEqual(all.markers.slice(0, 1));
      const exact = await markers(params, total);
      expect(exact).toEqual(all);
      expect(await markers(params, 0)).toEqual({ total, markers: [] });
    }
  });
});

describe('vacancy search: visibility', () => {
  const all = { 'filter[status_in]': 'draft,published,closed,archived' };

  it('never shows drafts, closed or hidden vacancies to visitors, even when asked', async () => {
    expect(await keysOf(q(all))).toEqual(['nursing', 'cafe', 'books', 'amsterdam', 'nowhere']);
    expect(await keysOf(q({ 'filter[status_eq]': 'draft' }))).toEqual([]);
    expect(await keysOf(q({ ...all, 'filter[organization_id_eq]': provider.organizationId }))).toEqual([
      'nursing',
      'books',
      'nowhere',
    ]);
  });

  it('lets an organization admin list their own drafts, closed and hidden ones with a filter', async () => {
    const mine = await search(q({ ...all, 'filter[organization_id_eq]': provider.organizationId }), provider);
    expect(mine.data.map((v) => v.id).sort()).toEqual(
      ['nursing', 'books', 'nowhere', 'draft', 'hidden', 'closed'].map((k) => ids[k]!).sort(),
    );
    expect(mine.data.find((v) => v.id === ids.hidden)!.attributes.hidden_reason).toBe('Niet passend');
    expect(
      await keysOf(
        q({ 'filter[status_eq]': 'draft', 'filter[organization_id_eq]': provider.organizationId }),
        provider,
      ),
    ).toEqual(['draft']);
    // Without the filter on their organization they see the public list.
    expect(await keysOf(q({ 'filter[status_eq]': 'draft' }), provider)).toEqual([]);
  });

  it('does not let another organization’s admin list those drafts', async () => {
    const other = await adminOf(h, 'NonProfit');
    expect(
      await keysOf(
        q({ 'filter[status_eq]': 'draft', 'filter[organization_id_eq]': provider.organizationId }),
        other,
      ),
    ).toEqual([]);
  });

  it('lets a moderator (admin of an approved School) filter every status', async () => {
    const school = await adminOf(h, 'School');
    const drafts = q({ 'filter[status_eq]': 'draft' });
    // A visitor's plan of a query string is kept (the routes' visitorSearches), never a signed-in caller's.
    expect(await keysOf(drafts)).toEqual([]);
    expect(await keysOf(drafts, school)).toEqual(['draft']);
    expect(await keysOf(drafts)).toEqual([]);
  });

  it('keeps tenants apart', async () => {
    expect(await keysOf(q({ 'filter[search]': 'verpleegkunde' }))).toEqual(['nursing']);
    const other = await search(q({ 'filter[search]': 'verpleegkunde' }), null, 'raayland');
    expect(other.data.map((v) => v.id)).toEqual([ids.otherTenant]);
    expect(other.meta.total).toBe(1);
  });
});

describe('vacancy search: text near a place, by the bank’s words (placements.vacancy_terms)', () => {
  const near = (search: string, place: string, extra: Record<string, string> = {}) =>
    keysOf(q({ 'filter[search]': search, 'filter[near]': place, 'filter[within_km]': '25', ...extra }));

  it('finds what the text and the radius find: prefixes, stems, accents, filters; not drafts, hidden, closed or another tenant’s', async () => {
    expect(await near('stage', 'Utrecht')).toEqual(['nursing']);
    expect(await near('verpleeg', 'Utrecht')).toEqual(['nursing']);
    expect(await near('boeken', 'Zeist')).toEqual(['books']);
    expect(await near('CAFÉ medewerker', 'Utrecht')).toEqual(['cafe']);
    expect(await near('cafe ziekenhuis', 'Utrecht')).toEqual([]);
    expect(await near('cafe', 'Utrecht', { 'filter[kind_eq]': 'internship' })).toEqual([]);
    expect(await near('cafe', 'Utrecht', { 'filter[level_id_in]': LEVEL_B })).toEqual(['cafe']);
    expect(await near('cafe', 'Utrecht', { 'filter[level_id_in]': LEVEL_A })).toEqual([]);
    // One level reads that level's copy of the words, two the level-less one.
    expect(await near('boek', 'Zeist', { 'filter[level_id_eq]': LEVEL_B })).toEqual(['books']);
    expect(await near('hulp', 'Zeist', { 'filter[level_id_in]': `${LEVEL_A},${LEVEL_B}` })).toEqual([
      'books',
    ]);
    expect(await near('hulp', 'Zeist', { 'filter[level_id_in]': randomUUID() })).toEqual([]);
    expect(await near('hulp', 'Zeist', { 'filter[level_id_in]': NO_LEVEL })).toEqual([]);
    expect(await near('marketingstage', 'Utrecht')).toEqual([]);
    expect(await near('marketingstage', 'Amsterdam')).toEqual(['amsterdam']);
  });

  it('follows the vacancy through the API (as its organization’s admin) and the owner: retitled, hidden, moved, deleted', async () => {
    const id = await seed('moving', { title: 'Stageplaats bakkerij', at: { ...zeist }, publishedDaysAgo: 8 });
    const words = async () =>
      (
        await sql<{
          term: string;
        }>`select term from placements.vacancy_terms where vacancy_id = ${id} order by term`.execute(h.owner)
      ).rows.map((r) => r.term);
    try {
      expect(await near('bakkerij', 'Zeist')).toEqual(['moving']);
      expect(await words()).toEqual(expect.arrayContaining(['bakkerij', 'stageplat']));

      const patch = await call(h.app, {
        method: 'PATCH',
        url: `/api/v1/vacancies/${id}`,
        headers: provider.headers,
        payload: { data: { type: 'vacancy', id, attributes: { title: 'Stageplaats slagerij' } } },
      });
      expectStatus(patch, 200);
      expect(await near('bakkerij', 'Zeist')).toEqual([]);
      expect(await near('slager', 'Zeist')).toEqual(['moving']);
      expect(await words()).not.toContain('bakkerij');
      // The map's markers take the title from the words.
      const markers = await call(h.app, {
        method: 'GET',
        url: `/api/v1/vacancies/markers?${q({ 'filter[search]': 'slager', 'filter[near]': 'Zeist' })}`,
        headers: { 'x-tenant': 'demo' },
      });
      expectStatus(markers, 200);
      expect(
        ZVacancyMarkerCollection.parse(markers.json()).data.map((m) => [m.id, m.attributes.title]),
      ).toEqual([[id, 'Stageplaats slagerij']]);

      // A level's copy of the words comes and goes with the level.
      const level = { 'filter[level_id_eq]': LEVEL_B };
      expect(await near('slager', 'Zeist', level)).toEqual([]);
      await sql`update placements.vacancies set level_ids = ${[LEVEL_B]}::uuid[] where id = ${id}`.execute(
        h.owner,
      );
      expect(await near('slager', 'Zeist', level)).toEqual(['moving']);
      await sql`update placements.vacancies set level_ids = '{}' where id = ${id}`.execute(h.owner);
      expect(await near('slager', 'Zeist', level)).toEqual([]);
      expect(await near('slager', 'Zeist')).toEqual(['moving']);

      await sql`update placements.vacancies set hidden = true, hidden_reason = 'Niet passend' where id = ${id}`.execute(
        h.owner,
      );
      expect(await near('slager', 'Zeist')).toEqual([]);
      expect(await words()).toEqual([]);
      await sql`update placements.vacancies set hidden = false, hidden_reason = null where id = ${id}`.execute(
        h.owner,
      );
      expect(await near('slager', 'Zeist')).toEqual(['moving']);

      await sql`update placements.vacancies set latitude = ${amsterdam.lat}, longitude = ${amsterdam.lng} where id = ${id}`.execute(
        h.owner,
      );
      expect(await near('slager', 'Zeist')).toEqual([]);
      expect(await near('slager', 'Amsterdam')).toEqual(['moving']);
    } finally {
      await sql`delete from placements.vacancies where id = ${id}`.execute(h.owner);
    }
    expect(await words()).toEqual([]);
  });

  it('answers a one-word search from the words alone as through the vacancies: the same rows and markers, relevance to a real’s precision, distances and total', async () => {
    const extra = [
      await seed('care-1', {
        title: 'Zorgmedewerker thuiszorg',
        description: 'Zorg voor ouderen; zorgen dat iedereen zich thuis voelt. Zorg en aandacht.',
        at: { ...utrecht, lat: utrecht.lat + 0.05 },
        levels: [LEVEL_A, LEVEL_B],
        publishedDaysAgo: 3,
      }),
      await seed('care-2', {
        title: 'Zorg',
        description: 'Zorgverlener in opleiding.',
        at: { ...amersfoort },
        kind: 'volunteer',
        levels: [LEVEL_B],
        publishedDaysAgo: 4,
      }),
      await seed('care-3', {
        title: 'Stage in de zorg',
        description: 'Verpleeghuis De Zorgboog.',
        at: { ...zeist },
        levels: [LEVEL_A],
        publishedDaysAgo: 5,
      }),
      await seed('care-hidden', { title: 'Zorg verborgen', at: { ...zeist }, hidden: true }),
      await seed('care-draft', { title: 'Zorg concept', at: { ...zeist }, status: 'draft' }),
    ];
    // As the route runs it: the tenant's read view, the tenant set.
    type TRow = { id: string | null; total: number; sort_key: string | null; distance: number | null };
    const rows = (plan: TSearchPlan, after: { key: string; id: string } | null) =>
      h.owner.transaction().execute(async (trx) => {
        await sql`select set_config('app.tenant_id', 'demo', true)`.execute(trx);
        const s = searchPageSql(plan, { size: 2, offset: 0, after });
        const result = await trx.executeQuery<TRow>(CompiledQuery.raw(s.text, s.values));
        return result.rows.map((r) => ({
          id: r.id,
          total: r.total,
          sort_key: r.sort_key,
          distance: r.distance,
        }));
      });
    const markers = (plan: TSearchPlan) =>
      h.owner.transaction().execute(async (trx) => {
        await sql`select set_config('app.tenant_id', 'demo', true)`.execute(trx);
        const s = markersSql(plan, 100);
        return (await trx.executeQuery(CompiledQuery.raw(s.text, s.values))).rows;
      });
    /** Every page, 2 at a time, by cursor. */
    const walk = async (plan: TSearchPlan) => {
      const all: TRow[] = [];
      let after: { key: string; id: string } | null = null;
      for (let i = 0; i < 20; i++) {
        const page: TRow[] = (await rows(plan, after)).filter((r) => r.id !== null);
        all.push(...page);
        if (page.length < 2) break;
        after = { key: page.at(-1)!.sort_key!, id: page.at(-1)!.id! };
      }
      return all;
    };
    try {
      const searches = [
        { 'filter[search]': 'zorg', 'filter[near]': 'Utrecht', 'filter[within_km]': '40' },
        { 'filter[search]': 'zorg', 'filter[near]': 'Utrecht', 'filter[within_km]': '40', sort: 'distance' },
        { 'filter[search]': 'Zorgen', 'filter[near]': 'Zeist', 'filter[within_km]': '30' },
        {
          'filter[search]': 'zorg',
          'filter[near]': 'Utrecht',
          'filter[within_km]': '40',
          'filter[level_id_in]': LEVEL_B,
        },
        {
          'filter[search]': 'zorg',
          'filter[near]': 'Utrecht',
          'filter[within_km]': '40',
          'filter[level_id_in]': `${LEVEL_A},${LEVEL_B}`,
        },
        {
          'filter[search]': 'zorg',
          'filter[near]': 'Utrecht',
          'filter[within_km]': '40',
          'filter[level_id_eq]': LEVEL_A,
          sort: 'distance',
        },
        {
          'filter[search]': 'zorg',
          'filter[near]': 'Utrecht',
          'filter[within_km]': '40',
          'filter[kind_eq]': 'internship',
        },
        { 'filter[search]': 'stage', 'filter[near]': 'Utrecht', 'filter[within_km]': '25' },
        { 'filter[search]': 'de', 'filter[near]': 'Zeist', 'filter[within_km]': '25' },
      ];
      for (const params of searches) {
        const { plan } = parseSearch(params, 'demo', () => ({ kind: 'public' }));
        expect(termsDecide(plan), JSON.stringify(params)).toBe(true);
        // The same search with no condition on the words: through the vacancies, every condition rechecked.
        const throughVacancies = { ...plan, conditions: plan.conditions.map(({ terms: _, ...c }) => c) };
        expect(termsDecide(throughVacancies)).toBe(false);
        const [fromWords, fromVacancies] = [await walk(plan), await walk(throughVacancies)];
        const label = JSON.stringify(params);
        // The map's markers: the same, nearest first.
        const shown = await markers(plan);
        expect(shown, label).toEqual(await markers(throughVacancies));
        expect(shown.length, label).toBe(fromWords.length);
        if (plan.sort === 'distance') expect(fromWords, label).toEqual(fromVacancies);
        else {
          // The sum of the words' ranks is ts_rank_cd's sum, rounded to a real once per word instead
          // of once: equal to a real's precision. Every page follows its own keys, so the walk holds
          // the same vacancies with the same distances and total.
          const byId = (rs: TRow[]) => [...rs].sort((a, b) => a.id!.localeCompare(b.id!));
          const [w, v] = [byId(fromWords), byId(fromVacancies)];
          expect(
            w.map(({ sort_key: _, ...r }) => r),
            label,
          ).toEqual(v.map(({ sort_key: _, ...r }) => r));
          for (const [i, r] of w.entries())
            expect(Number(r.sort_key), label).toBeCloseTo(Number(v[i]!.sort_key), 6);
          const keys = fromWords.map((r) => [Number(r.sort_key), r.id!] as const);
          expect(keys, label).toEqual(
            [...keys].sort((a, b) => b[0] - a[0] || (a[1] < b[1] ? 1 : a[1] > b[1] ? -1 : 0)),
          );
        }
        if (
          params['filter[search]'] === 'zorg' &&
          !params['filter[kind_eq]'] &&
          !params['filter[level_id_in]'] &&
          !params['filter[level_id_eq]']
        )
          expect(fromWords.map((r) => r.id)).toEqual(expect.arrayContaining(extra.slice(0, 3)));
      }
      expect(
        (await walk(parseSearch(searches[0]!, 'demo', () => ({ kind: 'public' })).plan)).map((r) => r.id),
      ).not.toContain(extra[3]);
      // Not for two words, a condition the words lack, an organization's own list or no place.
      const decides = (params: Record<string, string>, visibility: 'public' | 'moderator' = 'public') =>
        termsDecide(parseSearch(params, 'demo', () => ({ kind: visibility })).plan);
      expect(decides({ 'filter[search]': 'zorg thuis', 'filter[near]': 'Utrecht' })).toBe(false);
      expect(
        decides({ 'filter[search]': 'zorg', 'filter[near]': 'Utrecht', 'filter[tag_id_in]': TAG_A }),
      ).toBe(false);
      expect(decides({ 'filter[search]': 'zorg', 'filter[near]': 'Utrecht' }, 'moderator')).toBe(false);
      expect(decides({ 'filter[search]': 'zorg' })).toBe(false);
    } finally {
      await sql`delete from placements.vacancies where id = any(${extra}::uuid[])`.execute(h.owner);
    }
  });

  // Each word's rank is ts_rank_cd of exactly that lexeme on its vacancy.
  const mismatched = async () =>
    (
      await sql<{ n: number }>`select count(*)::int as n from placements.vacancy_terms t
        join placements.vacancies v on v.id = t.vacancy_id
        where t.rank is distinct from ts_rank_cd(v.search_vector, quote_literal(t.term)::tsquery, 1)`.execute(
        h.owner,
      )
    ).rows[0]!.n;
  const words = async (where = sql`true`) =>
    (
      await sql<{
        n: number;
      }>`select count(*)::int as n from placements.vacancy_terms where ${where}`.execute(h.owner)
    ).rows[0]!.n;

  it('ranks the words already there when the migration runs, and its down leaves the words as they were', async () => {
    const before = await words();
    const levelLess = await words(sql`level_id = ${NO_LEVEL}`);
    expect(levelLess).toBeGreaterThan(5);
    expect(await mismatched()).toBe(0);
    await levelsMigration.down!(h.owner);
    await rankMigration.down!(h.owner);
    try {
      expect(await words()).toBe(levelLess);
      const id = await seed('unranked', { title: 'Kapper in Zeist', at: { ...zeist } });
      await sql`delete from placements.vacancies where id = ${id}`.execute(h.owner);
      const columns = await sql<{ column_name: string }>`select column_name from information_schema.columns
        where table_schema = 'placements' and table_name = 'tenant_vacancy_terms'`.execute(h.owner);
      expect(columns.rows.map((c) => c.column_name)).not.toContain('rank');
    } finally {
      await rankMigration.up(h.owner);
      await levelsMigration.up(h.owner);
    }
    expect(await words()).toBe(before);
    expect(await mismatched()).toBe(0);
    expect(await near('verpleeg', 'Utrecht')).toEqual(['nursing']);
  });

  it('copies the words already there once per level and once without, with the title, and its down keeps the level-less copy', async () => {
    // Every word of a vacancy: once for each distinct level and once for none, each copy with its title.
    const wrongCopies = async () =>
      (
        await sql<{ n: number }>`select count(*)::int as n from (
            select t.vacancy_id, t.term
            from placements.vacancy_terms t join placements.vacancies v on v.id = t.vacancy_id
            group by t.vacancy_id, t.term, v.level_ids
            having not bool_and(t.title = v.title and t.level_ids = v.level_ids)
              or array_agg(t.level_id order by t.level_id)
                <> array(select distinct l from unnest(${NO_LEVEL}::uuid || v.level_ids) l order by l)
          ) wrong`.execute(h.owner)
      ).rows[0]!.n;
    const before = await words();
    const levelLess = await words(sql`level_id = ${NO_LEVEL}`);
    expect(before).toBeGreaterThan(levelLess);
    expect(await wrongCopies()).toBe(0);
    await levelsMigration.down!(h.owner);
    try {
      expect(await words()).toBe(levelLess);
      // The rank migration's triggers again: a new vacancy's words once, without a level.
      const id = await seed('one-copy', { title: 'Kapper in Zeist', at: { ...zeist }, levels: [LEVEL_A] });
      expect(await words(sql`vacancy_id = ${id}`)).toBeGreaterThan(0);
      await sql`delete from placements.vacancies where id = ${id}`.execute(h.owner);
      expect(await words(sql`vacancy_id = ${id}`)).toBe(0);
    } finally {
      await levelsMigration.up(h.owner);
    }
    expect(await words()).toBe(before);
    expect(await wrongCopies()).toBe(0);
    expect(await mismatched()).toBe(0);
    expect(await near('verpleeg', 'Utrecht', { 'filter[level_id_eq]': LEVEL_A })).toEqual(['nursing']);
  });
});

describe('vacancy search: images on the page', () => {
  it('shows each vacancy’s image as its own read does: the upload’s file and stock alt, none once deleted or of another tenant, one row each', async () => {
    const hash = (c: string) => c.repeat(64);
    const [own, deleted, foreign] = [randomUUID(), randomUUID(), randomUUID()];
    await sql`insert into placements.images (tenant_id, upload_id, hash, stock_alt, deleted) values
      ('demo', ${own}, ${hash('a')}, 'Een werkplaats', false),
      ('demo', ${deleted}, ${hash('b')}, null, true),
      ('raayland', ${foreign}, ${hash('c')}, 'Elders', false)`.execute(h.owner);
    const pictured = {
      'image-own': { upload: own, alt: null },
      'image-own-alt': { upload: own, alt: 'Eigen tekst' },
      'image-deleted': { upload: deleted, alt: 'Weg' },
      'image-foreign': { upload: foreign, alt: null },
      'image-none': { upload: null, alt: null },
    };
    for (const [key, image] of Object.entries(pictured)) {
      const id = await seed(key, { title: `Fotostage ${key}`, at: { ...utrecht }, levels: [LEVEL_A] });
      await sql`update placements.vacancies set image_upload_id = ${image.upload}, image_alt = ${image.alt}
        where id = ${id}`.execute(h.owner);
    }
    try {
      const expected = {
        'image-own': { image_url: `/api/v1/cms/files/${hash('a')}`, image_alt: 'Een werkplaats' },
        'image-own-alt': { image_url: `/api/v1/cms/files/${hash('a')}`, image_alt: 'Eigen tekst' },
        'image-deleted': { image_url: null, image_alt: '' },
        'image-foreign': { image_url: null, image_alt: '' },
        'image-none': { image_url: null, image_alt: '' },
      };
      // Through the vacancies, and from the bank's words (one word near a place): the same page.
      for (const query of [
        q({ 'filter[search]': 'fotostage', sort: 'newest' }),
        q({ 'filter[search]': 'fotostage', 'filter[near]': 'Utrecht', 'filter[level_id_eq]': LEVEL_A }),
      ]) {
        const page = await search(query);
        expect(page.meta.total).toBe(5);
        const byId = Object.fromEntries(Object.entries(ids).map(([k, id]) => [id, k]));
        const shown = Object.fromEntries(
          page.data.map((v) => [
            byId[v.id],
            { image_url: v.attributes.image_url, image_alt: v.attributes.image_alt },
          ]),
        );
        expect(shown).toEqual(expected);
        // The vacancy's own read (the two subqueries of IMAGE_COLUMNS_SQL) says the same.
        for (const v of page.data) {
          const res = await call(h.app, {
            method: 'GET',
            url: `/api/v1/vacancies/${v.id}`,
            headers: { 'x-tenant': 'demo' },
          });
          expectStatus(res, 200);
          const a = (res.json() as { data: { attributes: Record<string, unknown> } }).data.attributes;
          expect({ image_url: a.image_url, image_alt: a.image_alt }).toEqual(
            expected[byId[v.id] as keyof typeof expected],
          );
        }
      }
    } finally {
      await sql`delete from placements.vacancies where title like 'Fotostage %'`.execute(h.owner);
      await sql`delete from placements.images where upload_id in (${own}, ${deleted}, ${foreign})`.execute(
        h.owner,
      );
    }
  });
});
