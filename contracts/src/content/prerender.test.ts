import { describe, expect, it } from 'vitest';
import { NEWS_PAGE_SIZE } from './content.ts';
import {
  contentTarget,
  formatNewsDate,
  NEWS_LIST_PAGE_SIZE,
  PRERENDER_DATA_ID,
  serializePrerenderData,
  shownMenuItem,
  shownPage,
  takePrerenderData,
  type TPrerenderData,
} from './prerender.ts';

describe('contentTarget', () => {
  it('maps the CMS routes of the manifest to the content they show', () => {
    expect(contentTarget('/')).toEqual({ kind: 'page', slug: 'home' });
    expect(contentTarget('/over-ons')).toEqual({ kind: 'page', slug: 'over-ons' });
    expect(contentTarget('/privacyverklaring')).toEqual({ kind: 'page', slug: 'privacyverklaring' });
    expect(contentTarget('/nieuws')).toEqual({ kind: 'news-list', page: 1 });
    expect(contentTarget('/nieuws', '?page=3')).toEqual({ kind: 'news-list', page: 3 });
    expect(contentTarget('/nieuws', '?page=-1')).toEqual({ kind: 'news-list', page: 1 });
    expect(contentTarget('/nieuws', '?page=abc')).toEqual({ kind: 'news-list', page: 1 });
    expect(contentTarget('/nieuws/open-dag')).toEqual({ kind: 'news-article', slug: 'open-dag' });
    expect(contentTarget('/stagebank', '?q=zorg')).toEqual({ kind: 'vacancy-search' });
  });

  it('leaves every other screen alone', () => {
    for (const path of ['/inloggen', '/dashboard', '/content', '/toegankelijkheid', '/a/b/c'])
      expect(contentTarget(path), path).toBeUndefined();
  });
});

/** The part of a document takePrerenderData reads: one script element by id, removed once read. */
function page(text: string) {
  let element: { textContent: string; remove(): void } | null = {
    textContent: text,
    remove: () => void (element = null),
  };
  return { getElementById: (id: string) => (id === PRERENDER_DATA_ID ? element : null) };
}

describe('the prerendered data in the page', () => {
  const data: TPrerenderData = {
    path: '/over-ons',
    lang: 'nl',
    page: {
      id: '1',
      slug: 'over-ons',
      locale: 'nl',
      title: 'Over </script><script>alert(1)</script>',
      seoDescription: null,
      bodyHtml: '<p>a &amp; b</p>\u2028',
      status: 'published',
    },
  };

  it('cannot end its script element, and reads back unchanged', () => {
    const json = serializePrerenderData(data);
    expect(json).not.toMatch(/[<>]/);
    const doc = page(json);
    expect(takePrerenderData(doc, '/over-ons', 'nl')).toEqual(data);
    // Taken once: later navigations ask the API.
    expect(doc.getElementById(PRERENDER_DATA_ID)).toBeNull();
  });

  it('is ignored for another path or language, and when it is not JSON', () => {
    const json = serializePrerenderData(data);
    for (const [path, lang, text] of [
      ['/contact', 'nl', json],
      ['/over-ons', 'en', json],
      ['/over-ons', 'nl', '{broken'],
    ] as const) {
      expect(takePrerenderData(page(text), path, lang)).toBeUndefined();
    }
  });
});

describe('shown resources', () => {
  it('read the API’s snake_case and the client’s camelCase alike', () => {
    const snake = shownPage('p', {
      slug: 's',
      locale: 'en',
      title: 't',
      seo_description: 'd',
      body_html: '<p/>',
    });
    const camel = shownPage('p', {
      slug: 's',
      locale: 'en',
      title: 't',
      seoDescription: 'd',
      bodyHtml: '<p/>',
    });
    expect(snake).toEqual(camel);
    expect(snake).toMatchObject({ status: 'published', bodyHtml: '<p/>', seoDescription: 'd' });
    expect(
      shownMenuItem('i', {
        menu_id: 'm',
        parent_id: null,
        link_type: 'system',
        system_page_id: 1,
        title: 'x',
      }),
    ).toMatchObject({ menuId: 'm', parentId: null, linkType: 'system', systemPageId: 1, position: null });
  });
});

it('formats news dates per language, in UTC', () => {
  expect(formatNewsDate('2026-03-12', 'nl')).toBe('12 maart 2026');
  expect(formatNewsDate('2026-03-12', 'en')).toBe('12 March 2026');
  expect(formatNewsDate('not a date', 'nl')).toBe('not a date');
});

it('asks for news pages of the API’s own page size', () => {
  expect(NEWS_LIST_PAGE_SIZE).toBe(NEWS_PAGE_SIZE);
});
