import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toLanguage } from '@stageplein/contracts/i18n/index';
import { nlAccessibility } from '@stageplein/contracts/i18n/nl-accessibility';
import { usePortalTexts } from '../i18n/portal-texts.ts';
import { useTenant } from '../tenant/tenant-context.ts';
import { Page, useRouteTitle } from './page-kit.tsx';

/**
 * The accessibility statement (toegankelijkheidsverklaring) after the Dutch public-sector model:
 * standard, status, what was tested and how, known exceptions, contact. Its source of truth and how
 * it is kept true: docs/accessibility.md. Change this date when the statement's substance changes.
 */
export const STATEMENT_DATE = '2026-11-23';

const HOW = ['axe', 'keyboard', 'phone', 'contrast'] as const;
const EXCEPTIONS = ['placeholders', 'content', 'automated'] as const;

export function AccessibilityStatementPage() {
  usePortalTexts('accessibility', nlAccessibility);
  const { t, i18n } = useTranslation();
  const { appName } = useTenant();
  const title = useRouteTitle();
  const lang = toLanguage(i18n.resolvedLanguage) ?? 'nl';
  const date = new Intl.DateTimeFormat(lang === 'en' ? 'en-GB' : 'nl-NL', { dateStyle: 'long' }).format(
    new Date(`${STATEMENT_DATE}T12:00:00Z`),
  );
  const host = typeof location === 'undefined' ? appName : location.host;
  const k = (key: string) => `portal.accessibility.${key}`;
  return (
    <Page title={title} testId="accessibility-statement" lead={<p>{t(k('intro'), { appName, host })}</p>}>
      <div>
        <p>{t(k('standard'))}</p>
        <h2>{t(k('statusTitle'))}</h2>
        <p data-testid="accessibility-status">{t(k('status'))}</p>
        <h2>{t(k('testedTitle'))}</h2>
        <p>{t(k('tested'))}</p>
        <h2>{t(k('howTitle'))}</h2>
        <ul>
          {HOW.map((key) => (
            <li key={key}>{t(k(`how.${key}`))}</li>
          ))}
        </ul>
        <h2>{t(k('exceptionsTitle'))}</h2>
        <ul data-testid="accessibility-exceptions">
          {EXCEPTIONS.map((key) => (
            <li key={key}>{t(k(`exceptions.${key}`))}</li>
          ))}
        </ul>
        <h2>{t(k('contactTitle'))}</h2>
        <p>{t(k('contact'), { appName })}</p>
        <p>
          <Link to="/contactformulier">{t(k('contactForm'))}</Link>
        </p>
        <p>{t(k('complaint'))}</p>
        <h2>{t(k('dateTitle'))}</h2>
        <p>{t(k('date'), { date })}</p>
      </div>
    </Page>
  );
}
