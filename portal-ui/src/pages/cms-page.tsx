import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { contentTarget } from '@stageplein/contracts/content/prerender';
import { HOME_PAGE_SLUG } from '@stageplein/contracts/content/page-slugs';
import { usePageTitle } from '../shell/use-page-title.ts';
import { CmsBody, useCmsPage } from './content/cms-content.tsx';
import { NotFoundPage } from './not-found-page.tsx';
import { errorMessage } from './page-kit.tsx';

/**
 * `/:slug?` and `/privacyverklaring`: a CMS page from the content service (spec §2), 404 when it has no
 * published text, as the gateway answers. `?preview` shows an editor the latest save instead.
 * The markup matches the gateway's (services/gateway/src/cms-prerender.ts), which shows it first.
 */
export function CmsPage() {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const target = contentTarget(pathname);
  const slug = target?.kind === 'page' ? target.slug : HOME_PAGE_SLUG;
  const query = useCmsPage(slug, new URLSearchParams(search).has('preview'));
  const page = query.data;
  usePageTitle(page?.title);
  if (query.isPending) return <div className="container cms-page" aria-busy="true" />;
  if (query.isError)
    return (
      <div className="container cms-page">
        <p role="alert">{errorMessage(query.error, t)}</p>
      </div>
    );
  if (!page) return <NotFoundPage />;
  return (
    <article className="container cms-page" lang={page.locale}>
      {query.preview && (
        <p className="cms-page__preview" role="status" data-testid="preview-banner">
          {t('portal.content.preview')}
        </p>
      )}
      <h1 className="cms-page__title" data-testid="page-title">
        {page.title}
      </h1>
      <CmsBody html={page.bodyHtml} />
    </article>
  );
}
