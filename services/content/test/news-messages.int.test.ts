import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NEWS_PAGE_SIZE } from '@stageplein/contracts/content/content';
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
const visitor = { 'x-tenant': 'demo' };

beforeAll(async () => {
  h = await harness();
  ed = await editor(h, 'demo');
});
afterAll(() => h.close());

describe('news', () => {
  it('lists published articles newest first, paged (25 by default), and finds one by slug', async () => {
    const res = await call(h.app, { method: 'GET', url: '/api/v1/cms/news', headers: visitor });
    expectStatus(res, 200);
    const body = res.json();
    expect(body.meta.total).toBe(3);
    expect(body.links.self).toContain(`page%5Bsize%5D=${NEWS_PAGE_SIZE}`);
    const dates = body.data.map((a: { attributes: { date: string } }) => a.attributes.date);
    expect(dates).toEqual([...dates].sort().reverse());
    const page2 = await call(h.app, {
      method: 'GET',
      url: '/api/v1/cms/news?page[size]=2&page[number]=2',
      headers: visitor,
    });
    expect(page2.json().data).toHaveLength(1);
    const [article] = (
      await call(h.app, {
        method: 'GET',
        url: '/api/v1/cms/news?filter[slug_eq]=nieuwe-stageperiode-geopend',
        headers: visitor,
      })
    ).json().data;
    expect(article.attributes).toMatchObject({
      title: 'Nieuwe stageperiode geopend',
      author: 'Redactie',
      status: 'published',
    });
    expect(article.attributes.body_html).toContain('<a href="/stagebank">stagebank</a>');
  });

  it('an editor writes a draft (hidden from visitors), publishes it and deletes it; evented and audited', async () => {
    const created = await call(h.app, {
      method: 'POST',
      url: '/api/v1/cms/news',
      headers: ed.headers,
      payload: {
        data: {
          type: 'news_article',
          attributes: {
            slug: 'open-dag',
            title: 'Open dag',
            date: '2026-12-01',
            image_url: 'https://images.example.org/open-dag.jpg',
            author: 'Femke',
            body: {
              type: 'doc',
              content: [
                { type: 'paragraph', content: [{ type: 'text', text: '<img src=x onerror=alert(1)>' }] },
              ],
            },
          },
        },
      },
    });
    expectStatus(created, 201);
    const article = created.json().data;
    expect(article.attributes.body_html).toBe('<p>&lt;img src=x onerror=alert(1)&gt;</p>');
    expectStatus(
      await call(h.app, { method: 'GET', url: `/api/v1/cms/news/${article.id}`, headers: visitor }),
      404,
    );
    const list = await call(h.app, { method: 'GET', url: '/api/v1/cms/news', headers: ed.headers });
    expect(list.json().meta.total).toBe(4);
    expect(list.headers['cache-control']).toBe('private, no-store');

    const published = await call(h.app, {
      method: 'PATCH',
      url: `/api/v1/cms/news/${article.id}`,
      headers: ed.headers,
      payload: { data: { type: 'news_article', id: article.id, attributes: { status: 'published' } } },
    });
    expectStatus(published, 200);
    const one = await call(h.app, { method: 'GET', url: `/api/v1/cms/news/${article.id}`, headers: visitor });
    expectStatus(one, 200);
    expect(one.json().data.attributes.image_url).toBe('https://images.example.org/open-dag.jpg');

    expectStatus(
      await call(h.app, { method: 'DELETE', url: `/api/v1/cms/news/${article.id}`, headers: ed.headers }),
      204,
    );
    expect((await auditOf(h, article.id)).map((a) => a.action)).toEqual([
      'news_article.created',
      'news_article.updated',
      'news_article.deleted',
    ]);
    expect(await outboxEvents(h, 'content.news_article.updated', article.id)).toHaveLength(1);
  });

  it('refuses a taken slug, a javascript: image and visitors', async () => {
    const post = (attributes: Record<string, unknown>, headers = ed.headers) =>
      call(h.app, {
        method: 'POST',
        url: '/api/v1/cms/news',
        headers,
        payload: { data: { type: 'news_article', attributes } },
      });
    expectStatus(
      await post({ slug: 'nieuwe-stageperiode-geopend', title: 'x', date: '2026-01-01' }),
      409,
      'slug_taken',
    );
    expectStatus(
      await post({ slug: 'x', title: 'x', date: '2026-01-01', image_url: 'javascript:alert(1)' }),
      422,
      'validation_failed',
    );
    expectStatus(await post({ slug: 'x', title: 'x', date: '2026-01-01' }, visitor), 401, 'unauthorized');
  });
});

describe('spec §7: the per-language messages file', () => {
  it('answers an empty map for a language without overrides, cached 24 hours (spec §9)', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/api/v1/cms/messages/nl', headers: visitor });
    expectStatus(res, 200);
    expect(res.json()).toEqual({});
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    expectStatus(
      await h.app.inject({ method: 'GET', url: '/api/v1/cms/messages/de', headers: visitor }),
      404,
    );
  });

  it('an editor replaces a language’s overrides; empty texts are dropped; evented and audited', async () => {
    const put = (messages: Record<string, string>, headers = ed.headers) =>
      call(h.app, {
        method: 'PUT',
        url: '/api/v1/cms/messages/en',
        headers,
        payload: { data: { type: 'messages', id: 'en', attributes: { messages } } },
      });
    expectStatus(await put({ 'home.welcome': 'x' }, visitor), 401);
    const saved = await put({ 'home.welcome': 'Welcome to our region!', 'footer.tagline': '' });
    expectStatus(saved, 200);
    expect(saved.json().data.attributes.messages).toEqual({ 'home.welcome': 'Welcome to our region!' });
    const file = await h.app.inject({ method: 'GET', url: '/api/v1/cms/messages/en', headers: visitor });
    expect(file.json()).toEqual({ 'home.welcome': 'Welcome to our region!' });
    expect(
      (await h.app.inject({ method: 'GET', url: '/api/v1/cms/messages/nl', headers: visitor })).json(),
    ).toEqual({});
    expectStatus(await put({ '__proto__.polluted': 'x' }), 422, 'validation_failed');
    expect((await auditOf(h, 'en')).map((a) => [a.action, a.actor_id])).toEqual([
      ['messages.updated', ed.id],
    ]);
  });
});
