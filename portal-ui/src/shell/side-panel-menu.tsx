import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSession } from '../session/session-context.ts';
import { AccountLinks } from './account-menu.tsx';
import { Icon } from '@stageplein/design-system/components/icons.tsx';
import { MainMenuList } from './main-menu.tsx';
import type { TMenuEntry } from './menu/main-menu-model.ts';
import { OrganizationSelect } from './organization-select.tsx';
import { SidePanel } from '@stageplein/design-system/components/side-panel.tsx';

/** The phone menu: the main menu and, signed in, the account section, in the side panel. */
export function SidePanelMenu({ entries, onClose }: { entries: TMenuEntry[]; onClose: () => void }) {
  const { t } = useTranslation();
  const { signedIn, user } = useSession();
  return (
    <SidePanel open onClose={onClose} title={t('portal.menu.title')} side="left" testId="side-panel">
      <MainMenuList entries={entries} onNavigate={onClose} />
      {signedIn && user && (
        <div className="side-panel__section">
          <h3 className="side-panel__subtitle">{t('shell.account')}</h3>
          <OrganizationSelect testId="organization-select-panel" />
          <ul className="account-links">
            <li>
              <Link to="/recente_acties" className="account-links__link" onClick={onClose}>
                <Icon name="activity" size={18} />
                {t('shell.activity')}
              </Link>
            </li>
            <li>
              <Link to="/notificaties" className="account-links__link" onClick={onClose}>
                <Icon name="bell" size={18} />
                {t('shell.notifications')}
              </Link>
            </li>
          </ul>
          <AccountLinks onNavigate={onClose} />
        </div>
      )}
    </SidePanel>
  );
}
