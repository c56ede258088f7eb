import { editsOwnOrganization } from '@stageplein/contracts/organizations/organizations-policy';
import { canOpenBackOffice } from '@stageplein/contracts/identity/permissions';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SIGN_OUT_PATH } from '@stageplein/contracts/routes/route-manifest';
import { displayName, initials } from '../session/current-user.ts';
import { useDesignerGrant } from '../session/designer-grant.ts';
import { useSession } from '../session/session-context.ts';
import { Icon } from '@stageplein/design-system/components/icons.tsx';
import { APP_LINKS } from '@stageplein/design-system/navigation/app-links.ts';
import { OrganizationSelect } from './organization-select.tsx';

/** The account links of a signed-in user (account menu and side panel). */
export function AccountLinks({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const { permissions, currentOrganization } = useSession();
  const designs = useDesignerGrant().mayDesign;
  const links: [string, string][] = [
    ['/dashboard', t('routes.dashboard')],
    ['/profile-edit', t('routes.profile.index')],
    ['/account/roles', t('routes.account.roles')],
    ['/instellingen', t('routes.settings.index')],
  ];
  if (editsOwnOrganization(permissions, currentOrganization?.id))
    links.push(['/instellingen/organisatie', t('routes.settings.organization')]);
  if (designs) links.push(['/workflows', t('routes.workflows.index')]);
  return (
    <ul className="account-links">
      {canOpenBackOffice(permissions) && (
        <li>
          {/* The back office is the other app: a full page load; the selected organization goes along. */}
          <a href={APP_LINKS.backOffice} className="account-links__link" data-testid="to-back-office">
            {t('routes.admin.home')}
          </a>
        </li>
      )}
      {links.map(([to, label]) => (
        <li key={to}>
          <Link to={to} className="account-links__link" onClick={onNavigate}>
            {label}
          </Link>
        </li>
      ))}
      <li>
        <Link to={SIGN_OUT_PATH} className="account-links__link" data-testid="sign-out" onClick={onNavigate}>
          <Icon name="logout" size={18} />
          {t('shell.signOut')}
        </Link>
      </li>
    </ul>
  );
}

/**
 * The account menu of the toolbar (spec §2): who is signed in, the organization selector and the
 * account links. A disclosure: Escape or a click elsewhere closes it, focus returns to its button.
 */
export function AccountMenu() {
  const { t } = useTranslation();
  const { user } = useSession();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();

  useEffect(() => setOpen(false), [pathname]);
  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpen(false);
        button.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  if (!user) return null;
  const name = displayName(user);
  return (
    <div className="account-menu" ref={root}>
      <button
        ref={button}
        type="button"
        className="account-menu__button"
        aria-expanded={open}
        aria-controls={panelId}
        data-testid="account-menu"
        onClick={() => setOpen((o) => !o)}
      >
        <span className="avatar" aria-hidden="true">
          {initials(user)}
        </span>
        <span className="account-menu__name">{user.firstName ?? name}</span>
        <span className="visually-hidden">{t('portal.account.menuFor', { name })}</span>
        <Icon name="chevronDown" size={16} />
      </button>
      {open && (
        <div className="account-menu__panel" id={panelId} data-testid="account-menu-panel">
          <p className="account-menu__who">
            <strong>{name}</strong>
            <span>{user.email}</span>
          </p>
          <OrganizationSelect />
          <AccountLinks onNavigate={() => setOpen(false)} />
        </div>
      )}
    </div>
  );
}
