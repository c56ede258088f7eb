import type { QueryClient } from '@tanstack/react-query';
import { isApiRequestError } from '@stageplein/contracts/client/api-client';
import { readCollectionDocument, type TRawDocument } from '@stageplein/contracts/client/jsonapi-document';
import {
  NEWS_LIST_PAGE_SIZE,
  shownNewsArticle,
  shownPage,
  type TNewsListPage,
  type TPrerenderData,
} from '@stageplein/contracts/content/prerender';
import type { TPortalApi } from '../../api/portal-api.ts';

/**
 * The portal's content calls and their query keys (TanStack Query). The keys carry the language, as the
 * answers do (Accept-Language); the gateway's prerendered data is put under the same keys at start.
 */
export { contentKeys } from './content-keys.ts';
import { contentKeys } from './content-keys.ts';

type TAttrs = Record<string, unknown>;
const rows = (doc: TRawDocument) => readCollectionDocument<TAttrs>(doc);

/**
 * The first row of a CMS collection matching `filter`, as `show` presents it, or null. Public reads go
 * without credentials (cacheable, the same for everyone); an editor's draft view sends them.
 */
async function firstMatch<T>(
  api: TPortalApi,
  path: string,
  filter: Record<string, string>,
  show: (id: string, attributes: TAttrs) => T,
  options: { signal?: AbortSignal | undefined; asEditor?: boolean },
): Promise<T | null> {
  const doc = rows(
    await api.client.get<TRawDocument>(path, {
      signal: options.signal,
      ...(options.asEditor ? {} : { authenticate: false }),
      query: { filter },
    }),
  );
  const first = doc.data[0];
  return first ? show(first.id, first) : null;
}

/** The published page with this slug in the request's language (else nl), or null (404). */
export const fetchPage = (api: TPortalApi, slug: string, signal?: AbortSignal) =>
  firstMatch(api, '/api/v1/cms/pages', { slugEq: slug }, shownPage, { signal });

/**
 * An editor's preview: the page's latest save (the content service's draft view, editors only). Null
 * when there is no such page; a visitor without the right gets the API's 401/403 as an error.
 */
export const fetchPreview = (api: TPortalApi, slug: string, signal?: AbortSignal) =>
  firstMatch(api, '/api/v1/cms/pages', { slugEq: slug, statusEq: 'draft' }, shownPage, {
    signal,
    asEditor: true,
  });

export async function fetchNewsList(
  api: TPortalApi,
  page: number,
  signal?: AbortSignal,
): Promise<TNewsListPage> {
  const doc = rows(
    await api.client.get<TRawDocument>('/api/v1/cms/news', {
      signal,
      authenticate: false,
      query: { page: { number: page, size: NEWS_LIST_PAGE_SIZE } },
    }),
  );
  const total = typeof doc.meta?.total === 'number' ? doc.meta.total : doc.data.length;
  return { articles: doc.data.map((a) => shownNewsArticle(a.id, a)), page, total };
}

export const fetchArticle = (api: TPortalApi, slug: string, signal?: AbortSignal) =>
  firstMatch(api, '/api/v1/cms/news', { slugEq: slug }, shownNewsArticle, { signal });

/** A 404 of the API reads as "no such content", like an empty list. */
export const isMissing = (error: unknown) => isApiRequestError(error) && error.status === 404;

/** Puts the gateway's data where the pages and the menu look first, so they render it at once. */
export function seedPrerenderData(client: QueryClient, data: TPrerenderData) {
  const { lang } = data;
  if (data.menu) client.setQueryData(contentKeys.menu(lang), { source: 'cms', ...data.menu });
  if (data.page) client.setQueryData(contentKeys.page(lang, data.page.slug), data.page);
  if (data.article) client.setQueryData(contentKeys.article(lang, data.article.slug), data.article);
  if (data.news) client.setQueryData(contentKeys.newsList(lang, data.news.page), data.news);
}
