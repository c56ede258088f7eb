import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSession } from '../session/session-context.ts';
import { useTenant } from '../tenant/tenant-context.ts';
import { Page, useRouteTitle } from './page-kit.tsx';

/**
 * `/app`: where the native app starts (spec §1 "a native-app mode exists"). For tenants with the
 * app-mode flag this page switches the session to app mode (zoom disabled, see shell/app-mode.ts).
 */
export function AppPage() {
  const { t } = useTranslation();
  const tenant = useTenant();
  const { signedIn } = useSession();
  const title = useRouteTitle(tenant.appName);
  return (
    <Page
      title={title}
      lead={tenant.features.appMode ? t('portal.app.intro') : t('portal.app.unavailable')}
      testId="app-page"
    >
      <div className="actions">
        {signedIn ? (
          <Link to="/dashboard" className="btn btn--primary">
            {t('routes.dashboard')}
          </Link>
        ) : (
          <Link to="/inloggen" className="btn btn--primary">
            {t('shell.signIn')}
          </Link>
        )}
        <Link to="/stagebank" className="btn btn--neutral">
          {t('routes.internshipBank.title')}
        </Link>
      </div>
    </Page>
  );
}
