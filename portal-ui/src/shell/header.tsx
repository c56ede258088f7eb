import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { systemPagePath } from '@stageplein/contracts/routes/route-manifest';
import { useTenant } from '../tenant/tenant-context.ts';
import { LanguageToggle } from './LanguageToggle.tsx';

/** Sticky header (spec §9). The CMS menu, account menu and notifications come with the full shell. */
export function Header() {
  const { t } = useTranslation();
  const { appName } = useTenant();
  return (
    <header className="site-header">
      <div className="container site-header__inner">
        <Link to="/" className="site-header__brand" data-testid="site-title">
          {appName}
        </Link>
        <div className="site-header__actions">
          <Link to={systemPagePath('login')} className="site-header__link">
            {t('shell.signIn')}
          </Link>
          <LanguageToggle />
        </div>
      </div>
    </header>
  );
}
