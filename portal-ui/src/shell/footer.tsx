import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ACCESSIBILITY_STATEMENT_PATH } from '@stageplein/contracts/routes/route-manifest';
import { useTenant } from '../tenant/tenant-context.ts';
import { ColorModeSelect } from './color-mode/color-mode-select.tsx';

/** Footer in the tenant's footer colour, with text in whichever of white/dark reads on it. */
export function Footer() {
  const { t } = useTranslation();
  const { appName } = useTenant();
  return (
    <footer className="site-footer" data-testid="footer">
      <div className="container site-footer__inner">
        <p className="site-footer__name">
          © {new Date().getFullYear()} {appName}
        </p>
        <nav aria-label={t('portal.menu.footer')}>
          <ul className="site-footer__links">
            <li>
              <Link to="/stagebank">{t('routes.internshipBank.title')}</Link>
            </li>
            <li>
              <Link to="/privacyverklaring">{t('routes.privacy')}</Link>
            </li>
            <li>
              <Link to={ACCESSIBILITY_STATEMENT_PATH} data-testid="footer-accessibility">
                {t('routes.accessibility')}
              </Link>
            </li>
            <li>
              <Link to="/account/verwijderen">{t('routes.account.delete')}</Link>
            </li>
          </ul>
        </nav>
        <ColorModeSelect className="site-footer__color-mode" />
      </div>
    </footer>
  );
}
