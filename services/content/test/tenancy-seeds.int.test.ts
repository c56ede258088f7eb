import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CONTENT_PAGE_SLUGS, DEFAULT_MAIN_MENU } from '@stageplein/contracts/content/default-menu';
import { HOME_PAGE_SLUG, PRIVACY_PAGE_SLUG } from '@stageplein/contracts/content/page-slugs';
import { TENANT_IDS } from '@stageplein/contracts/tenants/tenant.types';
import { setTenant } from '@stageplein/kit/db/rls';
import { contentService } from '../src/content.module.ts';
import { call, editor, expectStatus, harness, NOW, type THarness } from './harness.ts';

let h: THarness;

const TABLES = [
  'pages',
  'page_revisions',
  'page_locales',
  'menus',
  'menu_items',
  'news_articles',
  'messages',
  'organizations',
  'audit_log',
  'uploads',
  'file_blobs',
  'stock_images',
] as const;

beforeAll(async () => {
  h = await harness();
});
afterAll(() => h.close());

describe('seeds', () => {
  it('give every tenant its main menu, published pages in nl and en, and news', async () => {
    const pages = [HOME_PAGE_SLUG, ...DEFAULT_CONTENT_PAGE_SLUGS, PRIVACY_PAGE_SLUG];
    for (const tenant of TENANT_IDS) {
      for (const lang of ['nl', 'en']) {
        const res = await call(h.app, {
          method: 'GET',
          url: `/api/v1/cms/pages?filter[slug_in]=${pages.join(',')}`,
          headers: { 'x-tenant': tenant, 'accept-language': lang },
        });
        expectStatus(res, 200);
        const data = res.json().data as { attributes: { slug: string; locale: string; body_html: string } }[];
        expect(data.map((p) => p.attributes.slug).sort(), tenant).toEqual([...pages].sort());
        expect(data.every((p) => p.attributes.locale === lang && p.attributes.body_html.length > 200)).toBe(
          true,
        );
      }
      const menus = await call(h.app, {
        method: 'GET',
        url: '/api/v1/cms/menus',
        headers: { 'x-tenant': tenant },
      });
      const main = menus.json().data[0];
      const items = await call(h.app, {
        method: 'GET',
        url: `/api/v1/cms/menu_items?filter[menu_id_eq]=${main.id}`,
        headers: { 'x-tenant': tenant },
      });
      expect(items.json().data.map((i: { attributes: { title: string } }) => i.attributes.title)).toEqual(
        DEFAULT_MAIN_MENU.map((i) => i.title.nl),
      );
      const news = await call(h.app, {
        method: 'GET',
        url: '/api/v1/cms/news',
        headers: { 'x-tenant': tenant },
      });
      expect(news.json().meta.total).toBe(3);
    }
  });

  it('include a privacy statement that says what is stored, why, how long, the rights and the contact', async () => {
    for (const [lang, headings] of [
      [
        'nl',
        [
          'Wie is verantwoordelijk',
          'Welke gegevens we verwerken',
          'Waarom',
          'Hoe lang',
          'Uw rechten',
          'Contact',
        ],
      ],
      ['en', ['Who is responsible', 'Which data we process', 'Why', 'How long', 'Your rights', 'Contact']],
    ] as const) {
      const res = await call(h.app, {
        method: 'GET',
        url: `/api/v1/cms/pages?filter[slug_eq]=${PRIVACY_PAGE_SLUG}`,
        headers: { 'x-tenant': 'raayland', 'accept-language': lang },
      });
      const html: string = res.json().data[0].attributes.body_html;
      expect(html.match(/<h2>(.*?)<\/h2>/g)!.map((m) => m.slice(4, -5))).toEqual(headings);
      expect(html).toContain('mailto:info@raayland.stageplein.nl');
    }
  });

  it('run again change nothing (idempotent) and keep an editor’s change', async () => {
    const count = async () =>
      (
        await sql<{
          n: number;
        }>`select (select count(*) from content.pages) + (select count(*) from content.page_revisions)
          + (select count(*) from content.menu_items) + (select count(*) from content.news_articles)
          + (select count(*) from content.outbox) as n`.execute(h.owner)
      ).rows[0]!.n;
    const before = await count();
    for (const tenant of ['demo', 'raayland'])
      await contentService.seedTenant!({ db: h.owner, today: NOW }, tenant);
    expect(await count()).toBe(before);
  });
});

describe('tenancy', () => {
  it('an editor of one tenant can neither see nor change another tenant’s content', async () => {
    const demoEditor = await editor(h, 'demo');
    const raayland = await call(h.app, {
      method: 'GET',
      url: '/api/v1/cms/pages?filter[slug_eq]=contact',
      headers: { 'x-tenant': 'raayland' },
    });
    const pageId = raayland.json().data[0].id;
    const payload = { data: { type: 'page', attributes: { title: 'Gekaapt', status: 'published' } } };
    // Their tenant's requests: RLS hides the row (404), nothing changes.
    expectStatus(
      await call(h.app, {
        method: 'PATCH',
        url: `/api/v1/cms/pages/${pageId}`,
        headers: demoEditor.headers,
        payload,
      }),
      404,
      'not_found',
    );
    // Their credentials on the other tenant: not valid there.
    expectStatus(
      await call(h.app, {
        method: 'PATCH',
        url: `/api/v1/cms/pages/${pageId}`,
        headers: { ...demoEditor.headers, 'x-tenant': 'raayland' },
        payload,
      }),
      401,
    );
    const after = await call(h.app, {
      method: 'GET',
      url: `/api/v1/cms/pages/${pageId}`,
      headers: { 'x-tenant': 'raayland' },
    });
    expect(after.json().data.attributes.title).toBe('Contact');
  });

  it('RLS: the application role sees and writes only the current tenant’s rows in every content table', async () => {
    const app = h.platform.app;
    for (const table of TABLES) {
      const seen = await app.transaction().execute(async (trx) => {
        await setTenant(trx, 'demo');
        return (
          await sql<{
            tenant_id: string;
          }>`select distinct tenant_id from ${sql.table(`content.${table}`)}`.execute(trx)
        ).rows;
      });
      expect(
        seen.every((r) => r.tenant_id === 'demo'),
        table,
      ).toBe(true);
      const none = await sql`select 1 from ${sql.table(`content.${table}`)} limit 1`.execute(app);
      expect(none.rows, table).toEqual([]);
    }
    await expect(
      app.transaction().execute(async (trx) => {
        await setTenant(trx, 'demo');
        await sql`insert into content.menus (tenant_id, slug, created_at) values ('raayland', 'evil', now())`.execute(
          trx,
        );
      }),
    ).rejects.toThrow(/row-level security/);
  });
});
