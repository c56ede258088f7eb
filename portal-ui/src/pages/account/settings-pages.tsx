import { editsOwnOrganization } from '@stageplein/contracts/organizations/organizations-policy';
import { useId } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type TLanguage } from '@stageplein/contracts/i18n/index';
import { currentLanguage, switchLanguage } from '../../i18n/i18n.ts';
import { useSession } from '../../session/session-context.ts';
import { ColorModeSelect } from '../../shell/color-mode/color-mode-select.tsx';
import { OrganizationSelect } from '../../shell/organization-select.tsx';
import { Page, useRouteTitle } from '../page-kit.tsx';

function LanguageSelect() {
  const { t, i18n } = useTranslation();
  const id = useId();
  return (
    <div className="inline-field">
      <label htmlFor={id}>{t('shell.language')}</label>
      <select
        id={id}
        className="field__input"
        data-testid="language-select"
        value={currentLanguage(i18n)}
        onChange={(e) => void switchLanguage(i18n, e.target.value as TLanguage)}
      >
        {LANGUAGES.map((l) => (
          <option key={l} value={l} lang={l}>
            {t(`app.languages.${l}`, { lng: l })}
          </option>
        ))}
      </select>
    </div>
  );
}

/** `/instellingen`: this device's display settings and the way to the account sections. */
export function SettingsPage() {
  const { t } = useTranslation();
  const title = useRouteTitle();
  const { permissions, currentOrganization } = useSession();
  const links: [string, string][] = [
    ['/profile-edit', 'routes.profile.index'],
    ['/profile-edit/email', 'routes.profile.email'],
    ['/profile-edit/settings', 'routes.profile.settings'],
    ['/profile-edit/periodieke-mail', 'routes.profile.periodicMail'],
    ['/account/roles', 'routes.account.roles'],
    ['/account/verwijderen', 'routes.account.delete'],
  ];
  if (editsOwnOrganization(permissions, currentOrganization?.id))
    links.splice(5, 0, ['/instellingen/organisatie', 'routes.settings.organization']);
  return (
    <Page title={title} lead={t('portal.settings.intro')} testId="settings-page">
      <section className="card settings-section" aria-labelledby="display-title">
        <h2 id="display-title">{t('portal.settings.display')}</h2>
        <LanguageSelect />
        <ColorModeSelect />
        <OrganizationSelect testId="settings-organization-select" />
      </section>
      <section className="settings-section" aria-labelledby="account-title">
        <h2 id="account-title">{t('shell.account')}</h2>
        <ul className="link-list">
          {links.map(([to, key]) => (
            <li key={to}>
              <Link to={to}>{t(key)}</Link>
            </li>
          ))}
        </ul>
      </section>
    </Page>
  );
}
