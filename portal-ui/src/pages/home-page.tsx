import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { systemPagePath } from '@stageplein/contracts/routes/route-manifest';
import { useSession } from '../session/session-context.ts';
import { usePageTitle } from '../shell/use-page-title.ts';
import { useTenant } from '../tenant/tenant-context.ts';
import { HOME_PAGE_SLUG } from '@stageplein/contracts/content/page-slugs';
import { CmsBody, useCmsPage } from './content/cms-content.tsx';

/** The tenant's CMS home page (slug `home`) under the hero; nothing while it loads or when it is missing. */
function HomeContent() {
  const { data: page } = useCmsPage(HOME_PAGE_SLUG);
  if (!page) return null;
  return (
    <section className="container cms-page" lang={page.locale} aria-labelledby="home-content-title">
      <h2 id="home-content-title" className="cms-page__title" data-testid="page-title">
        {page.title}
      </h2>
      <CmsBody html={page.bodyHtml} />
    </section>
  );
}

/**
 * `/`: the tenant's name and slogan in the tenant's colours, then the CMS home page. The markup
 * matches the gateway's (services/gateway/src/cms-prerender.ts), which shows it before JavaScript runs.
 */
export function HomePage() {
  const { t } = useTranslation();
  const tenant = useTenant();
  const { signedIn } = useSession();
  usePageTitle(t('routes.home'));
  return (
    <>
      <section className="hero" aria-labelledby="home-title">
        <div className="container hero__inner">
          <h1 id="home-title" className="hero__title" data-testid="app-name">
            {tenant.appName}
          </h1>
          {/* Tenant slogans are Dutch in every UI language. */}
          <p className="hero__slogan" data-testid="slogan" lang="nl">
            {tenant.slogan}
          </p>
          <div className="hero__actions">
            <Link
              to={systemPagePath('vacancy-search')}
              className="btn btn--primary"
              data-testid="primary-action"
            >
              {t('routes.internshipBank.title')}
            </Link>
            {signedIn ? (
              <Link to="/dashboard" className="btn btn--neutral">
                {t('routes.dashboard')}
              </Link>
            ) : (
              // "Inloggen" is the header's; a company's way in is signing its organization up.
              <Link
                to={systemPagePath('organization-signup')}
                className="btn btn--neutral"
                data-testid="organization-signup"
              >
                {t('portal.auth.signupLink')}
              </Link>
            )}
          </div>
          <p className="hero__note">{t('routes.internshipBank.description')}</p>
        </div>
      </section>
      <HomeContent />
    </>
  );
}
