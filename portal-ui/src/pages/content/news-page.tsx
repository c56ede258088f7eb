import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import {
  contentTarget,
  formatNewsDate,
  NEWS_LIST_PAGE_SIZE,
  type TShownNewsArticle,
} from '@stageplein/contracts/content/prerender';
import { useApi } from '../../api/api-context.ts';
import { usePageTitle } from '../../shell/use-page-title.ts';
import { NotFoundPage } from '../not-found-page.tsx';
import { errorMessage } from '../page-kit.tsx';
import { CmsBody, useContentLanguage } from './cms-content.tsx';
import { contentKeys, fetchArticle, fetchNewsList } from './content-queries.ts';

/**
 * `/nieuws` (the list, newest first, paged with `?page=`) and `/nieuws/{slug}` (an article with its
 * date, image and author). The markup matches the gateway's (services/gateway/src/cms-prerender.ts).
 */
export function NewsPage() {
  const { slug } = useParams();
  return slug ? <NewsArticle slug={slug} /> : <NewsList />;
}

function Loading() {
  return <div className="container cms-page" aria-busy="true" />;
}

function Failed({ error }: { error: unknown }) {
  const { t } = useTranslation();
  return (
    <div className="container cms-page">
      <p role="alert">{errorMessage(error, t)}</p>
    </div>
  );
}

function NewsDate({ date }: { date: string }) {
  const lang = useContentLanguage();
  return (
    <time dateTime={date} data-testid="news-date">
      {formatNewsDate(date, lang)}
    </time>
  );
}

function NewsList() {
  const { t } = useTranslation();
  const api = useApi();
  const lang = useContentLanguage();
  const { pathname, search } = useLocation();
  const target = contentTarget(pathname, search);
  const page = target?.kind === 'news-list' ? target.page : 1;
  const query = useQuery({
    queryKey: contentKeys.newsList(lang, page),
    queryFn: ({ signal }) => fetchNewsList(api, page, signal),
    staleTime: 60_000,
  });
  usePageTitle(t('routes.news'));
  if (query.isPending) return <Loading />;
  if (query.isError) return <Failed error={query.error} />;
  const { articles, total } = query.data;
  const pages = Math.max(1, Math.ceil(total / NEWS_LIST_PAGE_SIZE));
  return (
    <div className="container cms-page">
      <h1 className="cms-page__title" data-testid="page-title">
        {t('routes.news')}
      </h1>
      {articles.length ? (
        <ul className="news-list" data-testid="news-list">
          {articles.map((a) => (
            <li key={a.id} className="news-card" lang={a.locale}>
              <h2 className="news-card__title">
                <Link to={`/nieuws/${encodeURIComponent(a.slug)}`}>{a.title}</Link>
              </h2>
              <p className="news-article__meta">
                <NewsDate date={a.date} />
              </p>
              {a.summary && <p className="news-card__summary">{a.summary}</p>}
            </li>
          ))}
        </ul>
      ) : (
        <p>{t('portal.content.newsEmpty')}</p>
      )}
      {pages > 1 && (
        <nav className="news-pager" aria-label={t('portal.content.newsPages')}>
          {page > 1 && (
            <Link to={`/nieuws?page=${page - 1}`} rel="prev">
              {t('portal.content.previous')}
            </Link>
          )}
          {page < pages && (
            <Link to={`/nieuws?page=${page + 1}`} rel="next">
              {t('portal.content.next')}
            </Link>
          )}
        </nav>
      )}
    </div>
  );
}

function NewsArticle({ slug }: { slug: string }) {
  const { t } = useTranslation();
  const api = useApi();
  const lang = useContentLanguage();
  const query = useQuery<TShownNewsArticle | null>({
    queryKey: contentKeys.article(lang, slug),
    queryFn: ({ signal }) => fetchArticle(api, slug, signal),
    staleTime: 60_000,
  });
  const article = query.data;
  usePageTitle(article?.title);
  if (query.isPending) return <Loading />;
  if (query.isError) return <Failed error={query.error} />;
  if (!article) return <NotFoundPage />;
  return (
    <article className="container cms-page news-article" lang={article.locale}>
      <h1 className="cms-page__title" data-testid="page-title">
        {article.title}
      </h1>
      <p className="news-article__meta">
        <NewsDate date={article.date} />
        {article.author && (
          <>
            {' · '}
            <span data-testid="news-author">{t('portal.content.by', { author: article.author })}</span>
          </>
        )}
      </p>
      {article.imageUrl && (
        <img className="news-article__image" src={article.imageUrl} alt="" data-testid="news-image" />
      )}
      <CmsBody html={article.bodyHtml} />
      <p>
        <Link to="/nieuws">{t('portal.content.backToNews')}</Link>
      </p>
    </article>
  );
}
