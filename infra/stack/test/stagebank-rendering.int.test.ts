import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { PRERENDER_DATA_ID } from '@stageplein/contracts/content/prerender';
import { createDb, createPool } from '@stageplein/kit/db/database';
import { placementsService } from '@stageplein/placements';
import { seedVacancyId } from '@stageplein/placements/vacancies/vacancies.seed';
import { prerenderGateways, type TPrerenderProfile, type TTestPlatform } from './prerender-gateways.ts';

// The gateway serves /stagebank with the first page of its search (docs/decisions/
// stagebank-prerender.md) in both profiles: placements mounted in the gateway (embedded) and behind
// the gateway's proxy (distributed), reached the way cms-prerender reaches content. Only what every
// visitor may see: published, visible vacancies of the tenant asked for.

const WORD = 'Zeldzaamheidsproef';

let platform: TTestPlatform;
let owner: Kysely<unknown>;
let gateways: Record<TPrerenderProfile, FastifyInstance>;
let close: (() => Promise<void>) | undefined;

beforeAll(async () => {
  ({ platform, gateways, close } = await prerenderGateways(placementsService, ['/api/v1/vacancies']));
  owner = createDb(createPool(platform.ownerUrl, 2)) as Kysely<unknown>;
  // Four vacancies the word finds: demo's published one, demo's draft and hidden ones, raayland's.
  const retitle = (tenant: string, n: number, title: string, more = sql``) =>
    sql`update placements.vacancies set title = ${title} ${more} where id = ${seedVacancyId(tenant, n)}`.execute(
      owner,
    );
  await retitle(
    'demo',
    0,
    `${WORD} gepubliceerd`,
    sql`, status = 'published', published_at = now(), hidden = false, hidden_reason = null`,
  );
  await retitle('demo', 1, `${WORD} concept`, sql`, status = 'draft'`);
  await retitle(
    'demo',
    2,
    `${WORD} verborgen`,
    sql`, status = 'published', published_at = now(), hidden = true, hidden_reason = 'Test'`,
  );
  await retitle(
    'raayland',
    0,
    `${WORD} elders`,
    sql`, status = 'published', published_at = now(), hidden = false, hidden_reason = null`,
  );
}, 120_000);

afterAll(async () => {
  await owner?.destroy();
  await close?.();
});

const get = (profile: keyof typeof gateways, url: string, lang = 'nl', tenant = 'demo') =>
  gateways[profile].inject({ url, headers: { host: `${tenant}.localhost`, 'accept-language': lang } });

const servedData = (body: string) =>
  JSON.parse(
    new RegExp(`<script type="application/json" id="${PRERENDER_DATA_ID}">([^<]*)</script>`).exec(body)![1]!,
  ) as {
    path: string;
    lang: string;
    vacancySearch: { params: string; document: { data: unknown[]; meta: { total: number } } };
  };

const cards = (body: string) => [...body.matchAll(/<li class="card vacancy-card"/g)].length;

describe.each(['embedded', 'distributed'] as const)('/stagebank served by the gateway (%s)', (profile) => {
  it('puts the first page of results into <main>, hydrated in place, and the same answer as data', async () => {
    const res = await get(profile, '/stagebank');
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/<title>Stagebank - [^<]+<\/title>/);
    expect(res.body).toMatch(/<meta name="description" content="[^"]+">/);
    // The page is a completed boundary inside <main> (the app hydrates it), the header a client part.
    expect(res.body).toMatch(
      /<main [^>]*><!--\$--><div class="container page" data-testid="stagebank"><h1 data-testid="page-title">Stagebank<\/h1>.*<ul class="vacancy-list" data-testid="vacancy-list">.*<\/div><!--\/\$--><\/main>/s,
    );
    expect(res.body).toMatch(
      /<p class="stagebank__count" role="status" data-testid="stagebank-count">\d+ vacatures gevonden<\/p>/,
    );
    // A card: the title linking to the vacancy, the kind, the organization and the town.
    expect(res.body).toMatch(
      /<h3 class="vacancy-card__title"><a href="\/vacancies\/[0-9a-f-]{36}">[^<]+<\/a><\/h3><div class="vacancy-facts"><span class="badge badge--inline">(Stage|Vrijwilligerswerk|Leerbaan)<\/span><ul class="vacancy-facts__list"><li>[^<]+<\/li><li>[^<]+<\/li>/,
    );
    const data = servedData(res.body);
    expect(data).toMatchObject({ path: '/stagebank', lang: 'nl' });
    const params = new URLSearchParams(data.vacancySearch.params);
    expect([params.get('page[size]'), params.get('with_facets')]).toEqual(['20', 'true']);
    // Every result of the answer is a card (the seeds publish fewer than a page).
    const shown = data.vacancySearch.document.data.length;
    expect(shown).toBeGreaterThan(3);
    expect(cards(res.body)).toBe(shown);
    // The list shows no descriptions; they are not sent twice.
    expect(JSON.stringify(data.vacancySearch.document)).not.toContain('description_html');
  });

  it('serves the search and filters of the URL, and only the tenant’s published, visible vacancies', async () => {
    const res = await get(profile, `/stagebank?q=${WORD}&sort=newest`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`value="${WORD}"`);
    expect(res.body).toMatch(/<option value="newest" selected="">Nieuwste<\/option>/);
    expect(res.body).toContain('>1 vacature gevonden</p>');
    expect(cards(res.body)).toBe(1);
    expect(res.body).toContain(`>${WORD} gepubliceerd</a>`);
    for (const other of ['concept', 'verborgen', 'elders'])
      expect(res.body).not.toContain(`${WORD} ${other}`);
    const params = new URLSearchParams(servedData(res.body).vacancySearch.params);
    expect([params.get('filter[search]'), params.get('sort')]).toEqual([WORD, 'newest']);

    const raayland = await get(profile, `/stagebank?q=${WORD}`, 'nl', 'raayland');
    expect(cards(raayland.body)).toBe(1);
    expect(raayland.body).toContain(`>${WORD} elders</a>`);
    expect(raayland.body).not.toContain(`${WORD} gepubliceerd`);
  });

  it('answers in the reader’s language', async () => {
    const res = await get(profile, `/stagebank?q=${WORD}`, 'en');
    expect(res.body).toContain('<h1 data-testid="page-title">Internship bank</h1>');
    expect(res.body).toContain('>1 vacancy found</p>');
    expect(servedData(res.body).lang).toBe('en');
  });

  it('leaves the phone’s map view to the browser (the shell, no results)', async () => {
    const res = await get(profile, '/stagebank?view=map');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root"></div>');
  });
});
