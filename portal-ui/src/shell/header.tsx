import { Suspense, useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { systemPagePath } from '@stageplein/contracts/routes/route-manifest';
import { useSession } from '../session/session-context.ts';
import { useTenant } from '../tenant/tenant-context.ts';
import { Icon } from '@stageplein/design-system/components/icons.tsx';
import { AppHeader } from '@stageplein/design-system/navigation/app-header.tsx';
import { LanguageToggle } from './language-toggle.tsx';
import { lazyPart } from './lazy-part.ts';
import { MainMenuTabs } from './main-menu.tsx';
import { useMainMenu } from './menu/use-main-menu.ts';

// Not needed for the first paint of a public page: loaded when signed in / when the menu opens.
const AccountMenu = lazyPart(() => import('./account-menu.tsx').then((m) => m.AccountMenu));
const SidePanelMenu = lazyPart(() => import('./side-panel-menu.tsx').then((m) => m.SidePanelMenu));
const NotificationBell = lazyPart(() => import('./notification-bell.tsx').then((m) => m.NotificationBell));

/**
 * The sticky, tab-style header (spec §2, §9): brand, sign-in or account menu, activity,
 * notifications and the language toggle; the CMS main menu as tabs (desktop) or in the side panel
 * (phone).
 */
export function Header() {
  const { t } = useTranslation();
  const { appName } = useTenant();
  const { signedIn, user } = useSession();
  const menu = useMainMenu();
  const [panelOpen, setPanelOpen] = useState(false);
  const { pathname } = useLocation();
  useEffect(() => setPanelOpen(false), [pathname]);
  const showAccount = signedIn && !!user;

  return (
    <AppHeader
      start={
        <button
          type="button"
          className="icon-button site-header__menu-button"
          aria-label={t('shell.toggleMenu')}
          aria-expanded={panelOpen}
          data-testid="menu-button"
          onClick={() => setPanelOpen(true)}
        >
          <Icon name="menu" />
        </button>
      }
      brand={
        <Link to="/" className="site-header__brand" data-testid="site-title">
          {appName}
        </Link>
      }
      actions={
        <>
          {showAccount && (
            <>
              <Link
                to="/recente_acties"
                className="icon-button hide-on-phone"
                aria-label={t('shell.activity')}
                data-testid="activity"
              >
                <Icon name="activity" />
              </Link>
              <Suspense
                fallback={
                  <Link to="/notificaties" className="icon-button" aria-label={t('shell.notifications')}>
                    <Icon name="bell" />
                  </Link>
                }
              >
                <NotificationBell />
              </Suspense>
              <Suspense fallback={<span className="account-menu__placeholder" aria-hidden="true" />}>
                <AccountMenu />
              </Suspense>
            </>
          )}
          {!signedIn && (
            <Link to={systemPagePath('login')} className="site-header__link" data-testid="sign-in">
              {t('shell.signIn')}
            </Link>
          )}
          <LanguageToggle />
        </>
      }
    >
      <MainMenuTabs entries={menu.entries} ready={menu.ready} />
      {panelOpen && (
        <Suspense fallback={null}>
          <SidePanelMenu entries={menu.entries} onClose={() => setPanelOpen(false)} />
        </Suspense>
      )}
    </AppHeader>
  );
}
