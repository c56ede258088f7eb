import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditOf,
  call,
  editor,
  expectStatus,
  harness,
  outboxEvents,
  type THarness,
  type TUser,
} from './harness.ts';

let h: THarness;
let ed: TUser;
const visitor = (lang = 'nl') => ({ 'x-tenant': 'demo', 'accept-language': lang });
const doc = (text: string) => ({
  type: 'doc',
  content: [{ type: 'paragraph', content: [{ type: 'text', text }] }],
});

async function bySlug(slug: string, lang = 'nl') {
  const res = await call(h.app, {
    method: 'GET',
    url: `/api/v1/cms/pages?filter[slug_eq]=${slug}`,
    headers: visitor(lang),
  });
  expectStatus(res, 200);
  return res.json().data as { id: string; attributes: Record<string, unknown> }[];
}

beforeAll(async () => {
  h = await harness();
  ed = await editor(h);
});
afterAll(() => h.close());

describe('public pages', () => {
  it('answers a published page by slug with its sanitised HTML, in the caller’s language', async () => {
    const [nl] = await bySlug('over-ons');
    expect(nl!.attributes).toMatchObject({
      slug: 'over-ons',
      locale: 'nl',
      title: 'Over ons',
      status: 'published',
    });
    expect(nl!.attributes.body_html).toContain('<h2>Wat we doen</h2>');
    const [en] = await bySlug('over-ons', 'en');
    expect(en!.attributes).toMatchObject({ locale: 'en', title: 'About us' });
    const one = await call(h.app, {
      method: 'GET',
      url: `/api/v1/cms/pages/${nl!.id}`,
      headers: visitor('en'),
    });
    expectStatus(one, 200);
    expect(one.json().data.attributes.title).toBe('About us');
    expect(one.headers['cache-control']).toBe('public, max-age=60');
    expect(one.headers.vary).toContain('accept-language');
  });

  it('sorts the page list by its sortable attributes (the count ignores the order)', async () => {
    for (const url of ['/api/v1/cms/pages?sort=-slug', '/api/v1/cms/pages?sort=updated_at&page[size]=2']) {
      const res = await call(h.app, { method: 'GET', url, headers: visitor() });
      expectStatus(res, 200);
      expect(res.json().meta.total, url).toBeGreaterThan(0);
    }
    const res = await call(h.app, { method: 'GET', url: '/api/v1/cms/pages?sort=-slug', headers: visitor() });
    const slugs = (res.json().data as { attributes: { slug: string } }[]).map((p) => p.attributes.slug);
    expect(slugs).toEqual([...slugs].sort().reverse());
    // The total is every match's, on each page and on a page past the end alike.
    const total = res.json().meta.total as number;
    expect(total).toBe(slugs.length);
    for (const [url, shown] of [
      ['/api/v1/cms/pages?page[size]=2&page[number]=2', 2],
      ['/api/v1/cms/pages?page[size]=2&page[number]=99', 0],
    ] as const) {
      const page = (await call(h.app, { method: 'GET', url, headers: visitor() })).json();
      expect(page.data, url).toHaveLength(shown);
      expect(page.meta.total, url).toBe(total);
    }
  });

  it('an editor writes a page: drafts stay hidden, publish makes a revision live, English falls back to Dutch', async () => {
    const created = await call(h.app, {
      method: 'POST',
      url: '/api/v1/cms/pages',
      headers: ed.headers,
      payload: {
        data: {
          type: 'page',
          attributes: {
            slug: 'vacatures-zomer',
            title: 'Zomerstages',
            seo_description: 'Stages in de zomer',
            body: {
              type: 'doc',
              content: [
                {
                  type: 'paragraph',
                  content: [
                    {
                      type: 'text',
                      text: 'Klik',
                      marks: [{ type: 'link', attrs: { href: 'javascript:alert(1)' } }],
                    },
                  ],
                },
              ],
            },
          },
        },
      },
    });
    expectStatus(created, 201);
    const page = created.json().data;
    expect(page.attributes).toMatchObject({ status: 'draft', locale: 'nl', published_at: null });
    expect(page.attributes.body_html).toBe('<p><a>Klik</a></p>');

    // A draft is not public, but an editor previews it.
    expect(await bySlug('vacatures-zomer')).toEqual([]);
    expectStatus(
      await call(h.app, { method: 'GET', url: `/api/v1/cms/pages/${page.id}`, headers: visitor() }),
      404,
      'not_found',
    );
    expectStatus(
      await call(h.app, { method: 'GET', url: `/api/v1/cms/pages/${page.id}/draft`, headers: visitor() }),
      401,
    );
    const preview = await call(h.app, {
      method: 'GET',
      url: `/api/v1/cms/pages/${page.id}/draft`,
      headers: ed.headers,
    });
    expectStatus(preview, 200);
    expect(preview.headers['cache-control']).toBe('private, no-store');
    expectStatus(
      await call(h.app, {
        method: 'GET',
        url: '/api/v1/cms/pages?filter[status_eq]=draft',
        headers: visitor(),
      }),
      401,
    );

    const publish = (attributes: Record<string, unknown>) =>
      call(h.app, {
        method: 'PATCH',
        url: `/api/v1/cms/pages/${page.id}`,
        headers: ed.headers,
        payload: { data: { type: 'page', id: page.id, attributes } },
      });
    expectStatus(await publish({ status: 'published' }), 200);
    const [live] = await bySlug('vacatures-zomer', 'en');
    expect(live!.attributes).toMatchObject({ locale: 'nl', title: 'Zomerstages', status: 'published' });

    // A new save is a draft until published; visitors keep the live revision.
    const saved = await publish({ title: 'Zomerstages 2027', body: doc('Nieuw') });
    expectStatus(saved, 200);
    expect(saved.json().data.attributes).toMatchObject({ title: 'Zomerstages 2027', status: 'draft' });
    expect((await bySlug('vacatures-zomer'))[0]!.attributes.title).toBe('Zomerstages');
    expectStatus(await publish({ status: 'published' }), 200);
    expect((await bySlug('vacatures-zomer'))[0]!.attributes.title).toBe('Zomerstages 2027');

    // English of its own, published at once.
    expectStatus(await publish({ locale: 'en', title: 'Summer internships', status: 'published' }), 200);
    expect((await bySlug('vacatures-zomer', 'en'))[0]!.attributes).toMatchObject({
      locale: 'en',
      title: 'Summer internships',
    });
    // A save of one field keeps the rest of that language's latest save.
    const bodyOnly = await publish({ locale: 'en', body: doc('Nieuw in het Engels') });
    expect(bodyOnly.json().data.attributes).toMatchObject({
      locale: 'en',
      title: 'Summer internships',
      status: 'draft',
    });

    const revisions = await call(h.app, {
      method: 'GET',
      url: `/api/v1/cms/pages/${page.id}/revisions`,
      headers: ed.headers,
    });
    expectStatus(revisions, 200);
    expect(
      revisions
        .json()
        .data.map((r: { attributes: { locale: string; title: string; live: boolean } }) => [
          r.attributes.locale,
          r.attributes.title,
          r.attributes.live,
        ]),
    ).toEqual([
      ['en', 'Summer internships', false],
      ['en', 'Summer internships', true],
      ['nl', 'Zomerstages 2027', true],
      ['nl', 'Zomerstages', false],
    ]);

    // Unpublishing Dutch leaves English live; Dutch readers have no fallback but Dutch itself.
    expectStatus(await publish({ status: 'draft' }), 200);
    expect(await bySlug('vacatures-zomer')).toEqual([]);
    expect((await bySlug('vacatures-zomer', 'en'))[0]!.attributes.locale).toBe('en');

    expect((await auditOf(h, page.id)).map((a) => a.action)).toEqual([
      'page.created',
      'page.revised',
      'page.published',
      'page.revised',
      'page.published',
      'page.revised',
      'page.published',
      'page.revised',
      'page.unpublished',
    ]);
    expect((await outboxEvents(h, 'content.page.published', page.id)).every((e) => e.actor === ed.id)).toBe(
      true,
    );

    expectStatus(
      await call(h.app, { method: 'DELETE', url: `/api/v1/cms/pages/${page.id}`, headers: ed.headers }),
      204,
    );
    expect(await outboxEvents(h, 'content.page.deleted', page.id)).toHaveLength(1);
  });

  it('refuses a taken slug, a slug of a screen of its own and bad input with localized errors', async () => {
    const post = (attributes: Record<string, unknown>, lang = 'nl') =>
      call(h.app, {
        method: 'POST',
        url: '/api/v1/cms/pages',
        headers: { ...ed.headers, 'accept-language': lang },
        payload: { data: { type: 'page', attributes } },
      });
    const taken = await post({ slug: 'contact', title: 'Dubbel' });
    expectStatus(taken, 409, 'slug_taken');
    expect(taken.json().errors[0].title).toBe('Adres al in gebruik');
    const screen = await post({ slug: 'inloggen', title: 'Inloggen' }, 'en');
    expectStatus(screen, 409, 'slug_taken');
    expect(screen.json().errors[0].title).toBe('Address already in use');
    expectStatus(await post({ slug: 'Met Spaties', title: 'x' }), 422, 'validation_failed');
    expectStatus(
      await post({ slug: 'ok', title: 'x', body: { type: 'html', content: [] } }),
      422,
      'validation_failed',
    );
    expectStatus(await post({ slug: 'ok', title: 'x', script: 'x' }), 422, 'validation_failed');
  });

  it('visitors and non-editors may not write', async () => {
    const [page] = await bySlug('contact');
    const payload = { data: { type: 'page', attributes: { title: 'Gekaapt' } } };
    expectStatus(
      await call(h.app, {
        method: 'PATCH',
        url: `/api/v1/cms/pages/${page!.id}`,
        headers: visitor(),
        payload,
      }),
      401,
    );
    expectStatus(
      await call(h.app, { method: 'DELETE', url: `/api/v1/cms/pages/${page!.id}`, headers: visitor() }),
      401,
    );
    expect((await bySlug('contact'))[0]!.attributes.title).toBe('Contact');
  });

  it('a page read with its main menu (one statement, what the gateway serves) shows an edit at once', async () => {
    type TDoc = {
      data: { id: string; attributes: Record<string, unknown> }[];
      meta: { total: number };
      included?: { type: string; id: string; attributes: Record<string, unknown> }[];
    };
    const shown = async (lang = 'nl') => {
      const res = await call(h.app, {
        method: 'GET',
        url: '/api/v1/cms/pages?filter[slug_eq]=verse-tekst&include=main_menu.items',
        headers: visitor(lang),
      });
      expectStatus(res, 200);
      return res.json() as TDoc;
    };
    const write = (method: 'POST' | 'PATCH', url: string, payload: object, lang = 'nl') =>
      call(h.app, { method, url, headers: { ...ed.headers, 'accept-language': lang }, payload });
    const created = await write('POST', '/api/v1/cms/pages', {
      data: {
        type: 'page',
        attributes: { slug: 'verse-tekst', title: 'Eerste', body: doc('Eerste tekst'), status: 'published' },
      },
    });
    expectStatus(created, 201);
    const id = created.json().data.id as string;
    const first = await shown();
    expect(first.data.map((p) => [p.id, p.attributes.title, p.attributes.body_html])).toEqual([
      [id, 'Eerste', '<p>Eerste tekst</p>'],
    ]);
    expect(first.meta.total).toBe(1);

    // A new live revision: the next read has it (the text rendered when saved, read live).
    const patch = (attributes: Record<string, unknown>) =>
      write('PATCH', `/api/v1/cms/pages/${id}`, { data: { type: 'page', id, attributes } });
    expectStatus(await patch({ title: 'Tweede', body: doc('Tweede tekst'), status: 'published' }), 200);
    const second = await shown();
    expect(second.data[0]!.attributes).toMatchObject({ title: 'Tweede', body_html: '<p>Tweede tekst</p>' });
    expect(second.data[0]!.attributes.revision_id).not.toBe(first.data[0]!.attributes.revision_id);
    // A saved but unpublished change is not shown; English readers get the Dutch text until there is theirs.
    expectStatus(await patch({ title: 'Concept' }), 200);
    expect((await shown()).data[0]!.attributes.title).toBe('Tweede');
    expect((await shown('en')).data[0]!.attributes).toMatchObject({ locale: 'nl', title: 'Tweede' });
    expectStatus(await patch({ locale: 'en', title: 'Third', status: 'published' }), 200);
    expect((await shown('en')).data[0]!.attributes).toMatchObject({ locale: 'en', title: 'Third' });

    // A menu item renamed: the next page read includes the new title.
    const item = second.included!.find((r) => r.type === 'menuItem')!;
    const renamed = await write('PATCH', `/api/v1/cms/menu_items/${item.id}`, {
      data: { type: 'menuItem', id: item.id, attributes: { title: 'Hernoemd' } },
    });
    expectStatus(renamed, 200);
    expect((await shown()).included!.find((r) => r.id === item.id)!.attributes.title).toBe('Hernoemd');

    // Taken offline: gone at once.
    expectStatus(await patch({ status: 'draft' }), 200);
    expectStatus(await patch({ locale: 'en', status: 'draft' }), 200);
    expect(await shown()).toMatchObject({ data: [], meta: { total: 0 } });
  });
});
