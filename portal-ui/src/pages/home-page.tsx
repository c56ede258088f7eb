import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { systemPagePath } from '@stageplein/contracts/routes/route-manifest';
import { useSession } from '../session/session-context.ts';
import { usePageTitle } from '../shell/use-page-title.ts';
import { useTenant } from '../tenant/tenant-context.ts';

/** `/`: the tenant's name and slogan, in the tenant's colours. The CMS home content comes later. */
export function HomePage() {
  const { t } = useTranslation();
  const tenant = useTenant();
  const { signedIn } = useSession();
  usePageTitle(t('routes.home'));
  return (
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
            <Link to={systemPagePath('login')} className="btn btn--neutral">
              {t('shell.signIn')}
            </Link>
          )}
        </div>
        <p className="hero__note">{t('routes.internshipBank.description')}</p>
      </div>
    </section>
  );
}
