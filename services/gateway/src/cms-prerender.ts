import type { FastifyInstance } from 'fastify';
import {
  buildMainMenu,
  MAIN_MENU_SLUG,
  type TCmsMenu,
  type TMenuEntry,
} from '@stageplein/contracts/content/menu';
import {
  contentTarget,
  formatNewsDate,
  NEWS_LIST_PAGE_SIZE,
  shownMenuItem,
  shownNewsArticle,
  shownPage,
  type TContentTarget,
  type TPrerenderData,
  type TShownNewsArticle,
  type TShownPage,
} from '@stageplein/contracts/content/prerender';
import { HOME_PAGE_SLUG } from '@stageplein/contracts/content/page-slugs';
import { clientPartMarkup, hydratedPartMarkup } from '@stageplein/contracts/content/prerender-id';
import { translate, type TLanguage } from '@stageplein/contracts/i18n/index';
import { systemPagePath } from '@stageplein/contracts/routes/route-manifest';
import type { TTenant } from '@stageplein/contracts/tenants/tenant.types';
import { toCamelKeys } from '@stageplein/contracts/client/case-keys';
import type { TRawDocument } from '@stageplein/contracts/client/jsonapi-document';
import { VACANCIES_PATH, vacancyPageOf } from '@stageplein/contracts/placements/vacancy-page';
import { servedVacancySearch } from '@stageplein/contracts/placements/stagebank-query';
import { stagebankMarkup } from './stagebank-markup.ts';

/** What the content service says about a path: its content (markup and data), missing, or nothing known. */
export type TPrerendered =
  | { kind: 'content'; title: string; description: string | null; markup: string; data: TPrerenderData }
  | { kind: 'missing' };

interface TRawResource {
  type: string;
  id: string;
  attributes: Record<string, unknown>;
  relationships?: Record<
    string,
    { data?: { type: string; id: string } | { type: string; id: string }[] | null }
  >;
}
interface TRawCollection {
  data: TRawResource[];
  included?: TRawResource[];
  meta?: { total?: number };
  /** Seconds a shared cache may keep this answer (its `Cache-Control: public, max-age`), else 0. */
  maxAge: number;
}

/** `public, max-age=N` → N; anything private or without a max-age → 0. */
export function sharedMaxAge(cacheControl: string | undefined): number {
  const value = (cacheControl ?? '').toLowerCase();
  if (!/\bpublic\b/.test(value) || /\b(private|no-store|no-cache)\b/.test(value)) return 0;
  const match = /\bmax-age=(\d+)/.exec(value);
  return match ? Number(match[1]) : 0;
}

/** At most this many rendered paths are kept (the oldest go first), so random slugs cannot grow it. */
const CACHE_ENTRIES = 2000;

/** What a served path shows; the bank's search read from its URL. */
type TTarget =
  Exclude<TContentTarget, { kind: 'vacancy-search' }> | NonNullable<ReturnType<typeof servedVacancySearch>>;

/** What rendering a path gave, and how long a shared cache may keep it. */
type TLoaded = { value: TPrerendered | undefined; maxAge: number };

export { escapeHtml } from './escape-html.ts';
import { escapeHtml } from './escape-html.ts';

/**
 * Server-side content for the portal's CMS routes (docs/decisions/content.md "Portal rendering") and
 * the internship bank's first page of results (docs/decisions/stagebank-prerender.md). The gateway
 * asks the content and placements APIs through itself (`app.inject`): in the embedded profile that
 * reaches the mounted module, in the distributed one the same proxy route every browser call takes —
 * one code path for both, with the visitor's tenant, language and address, and no credentials (what
 * is served is what every visitor sees: published content and vacancies; editors' previews render in
 * the browser).
 */
export function createCmsPrerender(
  app: FastifyInstance,
  options: { cacheSeconds: number; kinds?: readonly TContentTarget['kind'][] },
) {
  // Rendered answers per tenant, language and path, for a few seconds (CMS_RENDER_CACHE_SECONDS, and
  // never beyond the content service's own max-age): under load almost every request is served from
  // here; an editor's change shows within that time. Concurrent misses share one promise.
  const cache = new Map<string, { expires: number; value: Promise<TLoaded> }>();

  async function get(
    url: string,
    ctx: { ip: string; tenant: TTenant; lang: TLanguage },
  ): Promise<TRawCollection | undefined> {
    const res = await app.inject({
      method: 'GET',
      url,
      remoteAddress: ctx.ip,
      headers: {
        // The tenant the gateway resolved (from the host, a tenant domain, a trusted x-tenant or the
        // cookie), named the one way content resolves without trusting anyone: its own host name.
        host: `${ctx.tenant.id}.localhost`,
        'accept-language': ctx.lang,
        accept: 'application/vnd.api+json',
      },
    });
    if (res.statusCode !== 200) return undefined;
    const cacheControl = res.headers['cache-control'];
    return {
      ...res.json<Omit<TRawCollection, 'maxAge'>>(),
      maxAge: sharedMaxAge(String(cacheControl ?? '')),
    };
  }

  /**
   * The main menu as a content answer includes it (`include=main_menu.items` on pages and news,
   * `include=items` on menus): the menu resource and its items in the order of its relationship.
   */
  function menuOf(answer: TRawCollection | undefined): TPrerenderData['menu'] {
    const included = answer?.included ?? [];
    const menus = [...(answer?.data ?? []), ...included].filter((r) => r.type === 'menu');
    const main = menus.find((m) => m.attributes.slug === MAIN_MENU_SLUG);
    const linked = main?.relationships?.items?.data;
    if (!main || !Array.isArray(linked)) return undefined;
    const items = new Map(included.filter((r) => r.type === 'menuItem').map((r) => [r.id, r]));
    const list: TCmsMenu[] = menus.map((m) => ({ id: m.id, slug: String(m.attributes.slug) }));
    return {
      menus: list,
      items: linked.flatMap((l) => {
        const item = items.get(l.id);
        return item ? [shownMenuItem(item.id, item.attributes)] : [];
      }),
    };
  }

  /** The main menu alone, one call (the bank's page, and a news page with no articles to link it to). */
  async function menu(
    ctx: Parameters<typeof get>[1],
  ): Promise<{ menu: TPrerenderData['menu']; maxAge: number }> {
    const menus = await get('/api/v1/cms/menus?include=items', ctx);
    const found = menuOf(menus);
    return found ? { menu: found, maxAge: menus!.maxAge } : { menu: undefined, maxAge: 0 };
  }

  async function render(pathname: string, target: TTarget, ctx: Parameters<typeof get>[1]): Promise<TLoaded> {
    const data: TPrerenderData = { path: pathname, lang: ctx.lang };
    // One call to content per page: the page or news answers include the main menu with its items.
    // The bank's page asks placements and, beside it, content for the menu.
    const withMenu = `include=${encodeURIComponent('main_menu.items')}`;
    const [content, bankMenu] = await Promise.all([
      target.kind === 'page'
        ? get(`/api/v1/cms/pages?filter[slug_eq]=${encodeURIComponent(target.slug)}&${withMenu}`, ctx)
        : target.kind === 'news-article'
          ? get(`/api/v1/cms/news?filter[slug_eq]=${encodeURIComponent(target.slug)}&${withMenu}`, ctx)
          : target.kind === 'vacancy-search'
            ? get(`${VACANCIES_PATH}?${target.params}`, ctx)
            : get(
                `/api/v1/cms/news?page[number]=${target.page}&page[size]=${NEWS_LIST_PAGE_SIZE}&${withMenu}`,
                ctx,
              ),
      target.kind === 'vacancy-search' ? menu(ctx) : undefined,
    ]);
    if (!content) return { value: undefined, maxAge: 0 };
    // A news page without articles has nothing to link the menu to: it asks for the menu alone.
    const menuData =
      bankMenu ??
      (content.data.length === 0 && target.kind === 'news-list'
        ? await menu(ctx)
        : { menu: menuOf(content), maxAge: content.maxAge });
    data.menu = menuData.menu;
    // The menu's answer counts only when it is part of what is served.
    const maxAge = data.menu ? Math.min(content.maxAge, menuData.maxAge) : content.maxAge;
    const first = content.data[0];
    let main: string;
    let title: string;
    let description: string | null = null;
    if (target.kind === 'page') {
      if (!first) return { value: { kind: 'missing' }, maxAge };
      data.page = shownPage(first.id, first.attributes);
      // The start page keeps its route title, as the portal's HomePage sets it.
      title = target.slug === HOME_PAGE_SLUG ? translate(ctx.lang, 'routes.home') : data.page.title;
      description = data.page.seoDescription;
      main =
        target.slug === HOME_PAGE_SLUG ? homeMarkup(data.page, ctx.tenant, ctx.lang) : pageMarkup(data.page);
    } else if (target.kind === 'news-article') {
      if (!first) return { value: { kind: 'missing' }, maxAge };
      data.article = shownNewsArticle(first.id, first.attributes);
      title = data.article.title;
      description = data.article.summary;
      main = articleMarkup(data.article, ctx.lang);
    } else if (target.kind === 'vacancy-search') {
      // The answer as the portal would have read it, less what the list does not show (descriptions,
      // links with the gateway's internal host name).
      const { maxAge: _maxAge, links: _links, ...answer } = content as TRawCollection & { links?: unknown };
      const document = {
        ...answer,
        data: answer.data.map(({ attributes: { description_html: _, description: __, ...rest }, ...r }) => ({
          ...r,
          attributes: rest,
        })),
      };
      data.vacancySearch = { params: target.params, document };
      title = translate(ctx.lang, 'routes.internshipBank.title');
      description = translate(ctx.lang, 'routes.internshipBank.description');
      main = stagebankMarkup(
        vacancyPageOf(toCamelKeys<TRawDocument>(document)),
        target.query,
        ctx.tenant,
        ctx.lang,
      );
    } else {
      data.news = {
        articles: content.data.map((a) => shownNewsArticle(a.id, a.attributes)),
        page: target.page,
        total: content.meta?.total ?? content.data.length,
      };
      title = translate(ctx.lang, 'routes.news');
      main = newsListMarkup(data.news, ctx.lang);
    }
    const entries = data.menu ? buildMainMenu(data.menu.menus, data.menu.items, pathname) : [];
    return {
      value: {
        kind: 'content',
        title,
        description,
        data,
        markup: layoutMarkup(ctx.tenant, ctx.lang, entries, main),
      },
      maxAge,
    };
  }

  return {
    /**
     * The content of a portal path, `missing` (404), or undefined when the path shows no content, is an
     * editor's preview (rendered in the browser, with their credentials) or the content service did not
     * answer.
     */
    async load(
      pathname: string,
      search: string,
      ctx: Parameters<typeof get>[1],
    ): Promise<TPrerendered | undefined> {
      const found = contentTarget(pathname, search);
      const target = found?.kind === 'vacancy-search' ? servedVacancySearch(search) : found;
      if (!target || new URLSearchParams(search).has('preview')) return undefined;
      if (options.kinds && !options.kinds.includes(target.kind)) return undefined;
      const variant =
        target.kind === 'news-list' ? target.page : target.kind === 'vacancy-search' ? target.params : '';
      const key = `${ctx.tenant.id}\u0000${ctx.lang}\u0000${pathname}\u0000${variant}`;
      const now = Date.now();
      const hit = cache.get(key);
      if (hit && hit.expires > now) return (await hit.value).value;
      const value = render(pathname, target, ctx);
      if (options.cacheSeconds > 0) {
        cache.delete(key);
        if (cache.size >= CACHE_ENTRIES) cache.delete(cache.keys().next().value!);
        const entry = { expires: now + options.cacheSeconds * 1000, value };
        cache.set(key, entry);
        // Kept only as long as both allow; failures (no answer) are not kept.
        void value.then(
          (loaded) => {
            entry.expires = now + Math.min(options.cacheSeconds, loaded.maxAge) * 1000;
            if (loaded.value === undefined || loaded.maxAge === 0) cache.delete(key);
          },
          () => cache.delete(key),
        );
      }
      return (await value).value;
    },
  };
}

// The markup below is what the portal's components render (DefaultLayout, Header, MainMenuTabs,
// HomePage and portal-ui/src/pages/content/*): the content in <main> exactly (the app hydrates it; a
// test compares it), the header the same boxes (the app replaces it): nothing moves or flashes.

function menuMarkup(entries: TMenuEntry[], lang: TLanguage): string {
  const link = (e: TMenuEntry, cls: string) =>
    `<a href="${escapeHtml(e.path)}" class="${cls}${e.active ? ' tab--active' : ''}"${e.active && !e.children.some((c) => c.active) ? ' aria-current="page"' : ''}>${escapeHtml(e.title)}</a>`;
  const active = entries.find((e) => e.active && e.children.length);
  const sub = active
    ? `<div class="subtabs"><div class="container"><ul class="tabs tabs--sub" aria-label="${escapeHtml(active.title)}">${active.children.map((c) => `<li>${link(c, 'tab tab--sub')}</li>`).join('')}</ul></div></div>`
    : '';
  return `<nav class="site-header__tabs" aria-label="${escapeHtml(translate(lang, 'portal.menu.main'))}" data-testid="main-menu" data-ready="true"><div class="container"><ul class="tabs">${entries.map((e) => `<li>${link(e, 'tab')}</li>`).join('')}</ul></div>${sub}</nav>`;
}

function layoutMarkup(tenant: TTenant, lang: TLanguage, entries: TMenuEntry[], main: string): string {
  const t = (key: string) => escapeHtml(translate(lang, key));
  // The parts the app renders in the browser only (loading bar, header, footer, toasts) are React's
  // client-rendered boundaries; the content in <main> is hydrated in place, so its nodes — the largest
  // paint — stay (docs/decisions/content.md "Hydration"). The header shows until the app's replaces it.
  const header =
    `<a class="skip-link" href="#main">${t('portal.skipToContent')}</a>` +
    `<header class="site-header"><div class="container site-header__bar">` +
    `<a href="/" class="site-header__brand" data-testid="site-title">${escapeHtml(tenant.appName)}</a>` +
    `<div class="site-header__actions"><a href="${systemPagePath('login')}" class="site-header__link">${t('shell.signIn')}</a></div>` +
    `</div>${menuMarkup(entries, lang)}</header>`;
  return (
    clientPartMarkup() +
    `<div class="layout">${clientPartMarkup(header)}` +
    `<main id="main" class="layout__main" tabindex="-1">${hydratedPartMarkup(main)}</main>` +
    `${clientPartMarkup()}</div>` +
    clientPartMarkup()
  );
}

/** The CMS page's title and sanitised body (the content service rendered and sanitised it). */
function pageMarkup(page: TShownPage): string {
  return `<article class="container cms-page" lang="${page.locale}"><h1 class="cms-page__title" data-testid="page-title">${escapeHtml(page.title)}</h1><div class="cms-body" data-testid="cms-body">${page.bodyHtml}</div></article>`;
}

function homeMarkup(page: TShownPage, tenant: TTenant, lang: TLanguage): string {
  const t = (key: string) => escapeHtml(translate(lang, key));
  return (
    `<section class="hero" aria-labelledby="home-title"><div class="container hero__inner">` +
    `<h1 id="home-title" class="hero__title" data-testid="app-name">${escapeHtml(tenant.appName)}</h1>` +
    `<p class="hero__slogan" data-testid="slogan" lang="nl">${escapeHtml(tenant.slogan)}</p>` +
    `<div class="hero__actions"><a href="${systemPagePath('vacancy-search')}" class="btn btn--primary" data-testid="primary-action">${t('routes.internshipBank.title')}</a>` +
    `<a href="${systemPagePath('organization-signup')}" class="btn btn--neutral" data-testid="organization-signup">${t('portal.auth.signupLink')}</a></div>` +
    `<p class="hero__note">${t('routes.internshipBank.description')}</p></div></section>` +
    `<section class="container cms-page" lang="${page.locale}" aria-labelledby="home-content-title"><h2 id="home-content-title" class="cms-page__title" data-testid="page-title">${escapeHtml(page.title)}</h2><div class="cms-body" data-testid="cms-body">${page.bodyHtml}</div></section>`
  );
}

function articleMarkup(a: TShownNewsArticle, lang: TLanguage): string {
  return (
    `<article class="container cms-page news-article" lang="${a.locale}"><h1 class="cms-page__title" data-testid="page-title">${escapeHtml(a.title)}</h1>` +
    `<p class="news-article__meta"><time datetime="${escapeHtml(a.date)}" data-testid="news-date">${escapeHtml(formatNewsDate(a.date, lang))}</time>` +
    (a.author
      ? ` · <span data-testid="news-author">${escapeHtml(translate(lang, 'portal.content.by', { author: a.author }))}</span>`
      : '') +
    `</p>` +
    (a.imageUrl
      ? `<img class="news-article__image" src="${escapeHtml(a.imageUrl)}" alt="" data-testid="news-image">`
      : '') +
    `<div class="cms-body" data-testid="cms-body">${a.bodyHtml}</div>` +
    `<p><a href="/nieuws">${escapeHtml(translate(lang, 'portal.content.backToNews'))}</a></p></article>`
  );
}

function newsListMarkup(news: NonNullable<TPrerenderData['news']>, lang: TLanguage): string {
  const t = (key: string) => escapeHtml(translate(lang, key));
  const items = news.articles
    .map(
      (a) =>
        `<li class="news-card" lang="${a.locale}"><h2 class="news-card__title"><a href="/nieuws/${encodeURIComponent(a.slug)}">${escapeHtml(a.title)}</a></h2>` +
        `<p class="news-article__meta"><time datetime="${escapeHtml(a.date)}" data-testid="news-date">${escapeHtml(formatNewsDate(a.date, lang))}</time></p>` +
        (a.summary ? `<p class="news-card__summary">${escapeHtml(a.summary)}</p>` : '') +
        `</li>`,
    )
    .join('');
  const pages = Math.max(1, Math.ceil(news.total / NEWS_LIST_PAGE_SIZE));
  const pager =
    pages > 1
      ? `<nav class="news-pager" aria-label="${t('portal.content.newsPages')}">` +
        (news.page > 1
          ? `<a href="/nieuws?page=${news.page - 1}" rel="prev">${t('portal.content.previous')}</a>`
          : '') +
        (news.page < pages
          ? `<a href="/nieuws?page=${news.page + 1}" rel="next">${t('portal.content.next')}</a>`
          : '') +
        `</nav>`
      : '';
  return (
    `<div class="container cms-page"><h1 class="cms-page__title" data-testid="page-title">${t('routes.news')}</h1>` +
    (items
      ? `<ul class="news-list" data-testid="news-list">${items}</ul>`
      : `<p>${t('portal.content.newsEmpty')}</p>`) +
    `${pager}</div>`
  );
}
