import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@stageplein/design-system/forms/fields.tsx';
import { nlOrganizationSignup } from '@stageplein/contracts/i18n/nl-organization-pages';
import { usePortalTexts } from '../../i18n/portal-texts.ts';
import { AuthCard, useRouteTitle } from '../page-kit.tsx';
import type { TSignupReceipt } from './organization-signup-page.tsx';

const isReceipt = (state: unknown): state is TSignupReceipt =>
  !!state &&
  typeof (state as TSignupReceipt).organization === 'string' &&
  typeof (state as TSignupReceipt).email === 'string';

/**
 * `/organizations/signup/success` (public): what happens next. Opened without a signup (a bookmark)
 * it says the same without the names.
 */
export function OrganizationSignupSuccessPage() {
  usePortalTexts('organizationSignup', nlOrganizationSignup);
  const { t } = useTranslation();
  const title = useRouteTitle();
  const { state } = useLocation();
  const receipt = isReceipt(state) ? state : undefined;
  return (
    <AuthCard title={title}>
      <FormAlert tone="success" testId="organization-signup-received">
        {receipt
          ? t('portal.organizationSignup.received', { ...receipt })
          : t('portal.organizationSignup.receivedAnonymous')}
      </FormAlert>
      <ol className="steps-list" data-testid="organization-signup-next">
        <li>{t('portal.organizationSignup.next.mail')}</li>
        <li>{t('portal.organizationSignup.next.review')}</li>
        <li>{t('portal.organizationSignup.next.start')}</li>
      </ol>
      <p className="auth-note">
        <Link to="/">{t('portal.organizationSignup.home')}</Link>
      </p>
    </AuthCard>
  );
}
