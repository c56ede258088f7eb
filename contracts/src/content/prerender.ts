import type { TLanguage } from '../i18n/index.ts';
import { matchRoute } from '../routes/route-manifest.ts';
import type { TCmsMenu, TCmsMenuItem } from './menu.ts';
import { HOME_PAGE_SLUG, PRIVACY_PAGE_SLUG } from './page-slugs.ts';

/** News articles a list page shows: the content API's default page (contracts' NEWS_PAGE_SIZE, which brings zod). */
export const NEWS_LIST_PAGE_SIZE = 25;

/** The news route of the manifest: the list without a slug, an article with one. */
export const NEWS_ROUTE = '/nieuws/:slug?';

/**
 * What the gateway already fetched from the content service for the page it serves (docs/decisions/
 * content.md "Portal rendering"): the markup shows before JavaScript runs, and the portal starts from
 * this data instead of asking again, so its first render shows the same content (no flash). No zod
 * here: the portal's first bundle reads it.
 */
export { PRERENDER_DATA_ID } from './prerender-id.ts';
import { PRERENDER_DATA_ID } from './prerender-id.ts';

/** A CMS page as the portal shows it (its sanitised HTML, rendered by the content service). */
export interface TShownPage {
  id: string;
  slug: string;
  locale: TLanguage;
  title: string;
  seoDescription: string | null;
  bodyHtml: string;
  status: 'draft' | 'published';
}

/** A news article as the portal shows it. */
export interface TShownNewsArticle {
  id: string;
  slug: string;
  locale: TLanguage;
  title: string;
  date: string;
  imageUrl: string | null;
  author: string | null;
  summary: string | null;
  bodyHtml: string;
}

export interface TNewsListPage {
  articles: TShownNewsArticle[];
  page: number;
  total: number;
}

export interface TPrerenderData {
  /** The path and language this data was fetched for; the portal uses it only when both match. */
  path: string;
  lang: TLanguage;
  menu?: { menus: TCmsMenu[]; items: TCmsMenuItem[] };
  page?: TShownPage;
  article?: TShownNewsArticle;
  news?: TNewsListPage;
  /**
   * `/stagebank`: the search's API parameters (the portal's query key) and the API's answer for them
   * (the JSON:API document as sent, the descriptions left out: the list does not show them).
   */
  vacancySearch?: { params: string; document: unknown };
}

/** `<`, `>` and `&` escaped, so the JSON cannot end its script element. */
export function serializePrerenderData(data: TPrerenderData): string {
  return JSON.stringify(data).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** The gateway's data for this path and language, once (later navigations ask the API). */
export function takePrerenderData(
  doc: { getElementById(id: string): { textContent: string | null; remove(): void } | null },
  path: string,
  lang: string,
): TPrerenderData | undefined {
  const element = doc.getElementById(PRERENDER_DATA_ID);
  if (!element) return undefined;
  element.remove();
  try {
    const data = JSON.parse(element.textContent ?? '') as TPrerenderData;
    return data.path === path && data.lang === lang ? data : undefined;
  } catch {
    return undefined;
  }
}

/** Which content a portal path shows, by the route manifest's CMS routes and the internship bank. */
export type TContentTarget =
  | { kind: 'page'; slug: string }
  | { kind: 'news-list'; page: number }
  | { kind: 'news-article'; slug: string }
  /** The gateway reads the bank's search with `servedVacancySearch` (placements/stagebank-query.ts): not
   * here, where the portal's content pages would load it. */
  | { kind: 'vacancy-search' };

export const CONTENT_TARGET_KINDS = [
  'page',
  'news-list',
  'news-article',
  'vacancy-search',
] as const satisfies readonly TContentTarget['kind'][];

/**
 * The content a path shows: `/` the home page, `/privacyverklaring` and `/<slug>` pages, `/nieuws*`
 * news, `/stagebank` the first page of its search.
 */
export function contentTarget(pathname: string, search = ''): TContentTarget | undefined {
  const match = matchRoute(pathname);
  if (!match) return undefined;
  const { route, params } = match;
  if (route.path === '/' || (route.cmsPage && !params.slug)) return { kind: 'page', slug: HOME_PAGE_SLUG };
  if (route.path === '/privacyverklaring') return { kind: 'page', slug: PRIVACY_PAGE_SLUG };
  if (route.cmsPage && params.slug) return { kind: 'page', slug: params.slug };
  if (route.systemPage?.slug === 'vacancy-search') return { kind: 'vacancy-search' };
  if (route.path === NEWS_ROUTE) {
    if (params.slug) return { kind: 'news-article', slug: params.slug };
    const page = Number(new URLSearchParams(search).get('page') ?? '1');
    return { kind: 'news-list', page: Number.isInteger(page) && page >= 1 ? page : 1 };
  }
  return undefined;
}

/** A news article's date (YYYY-MM-DD) as both the gateway and the portal print it. */
export function formatNewsDate(date: string, lang: TLanguage): string {
  const parsed = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(parsed.getTime())) return date;
  return new Intl.DateTimeFormat(lang === 'nl' ? 'nl-NL' : 'en-GB', {
    dateStyle: 'long',
    timeZone: 'UTC',
  }).format(parsed);
}

type TAttrs = Record<string, unknown>;
const str = (v: unknown) => (typeof v === 'string' ? v : '');
const strOrNull = (v: unknown) => (typeof v === 'string' ? v : null);
const lang = (v: unknown): TLanguage => (v === 'en' ? 'en' : 'nl');

/** A page resource of the content API (snake_case or camelCase attributes) as the portal shows it. */
export function shownPage(id: string, a: TAttrs): TShownPage {
  return {
    id,
    slug: str(a.slug),
    locale: lang(a.locale),
    title: str(a.title),
    seoDescription: strOrNull(a.seo_description ?? a.seoDescription),
    bodyHtml: str(a.body_html ?? a.bodyHtml),
    status: a.status === 'draft' ? 'draft' : 'published',
  };
}

/** A news resource of the content API as the portal shows it. */
export function shownNewsArticle(id: string, a: TAttrs): TShownNewsArticle {
  return {
    id,
    slug: str(a.slug),
    locale: lang(a.locale),
    title: str(a.title),
    date: str(a.date),
    imageUrl: strOrNull(a.image_url ?? a.imageUrl),
    author: strOrNull(a.author),
    summary: strOrNull(a.summary),
    bodyHtml: str(a.body_html ?? a.bodyHtml),
  };
}

/** A menu item resource of the content API in the menu model's shape. */
export function shownMenuItem(id: string, a: TAttrs): TCmsMenuItem {
  return {
    id,
    menuId: (a.menu_id ?? a.menuId ?? null) as TCmsMenuItem['menuId'],
    parentId: (a.parent_id ?? a.parentId ?? null) as TCmsMenuItem['parentId'],
    linkType: str(a.link_type ?? a.linkType),
    path: strOrNull(a.path),
    systemPageId: (a.system_page_id ?? a.systemPageId ?? null) as TCmsMenuItem['systemPageId'],
    title: str(a.title),
    position: typeof a.position === 'number' ? a.position : null,
  };
}
