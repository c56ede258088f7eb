import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FormAlert, RadioGroup, SubmitButton, TextField } from '@stageplein/design-system/forms/fields.tsx';
import { useForm } from '@stageplein/design-system/forms/use-form.ts';
import { useApi } from '../../api/api-context.ts';
import { currentLanguage } from '../../i18n/i18n.ts';
import { usePortalTexts } from '../../i18n/portal-texts.ts';
import { nlOrganizationSignup } from '@stageplein/contracts/i18n/nl-organization-pages';
import { nlProfile } from '@stageplein/contracts/i18n/nl-account-pages';
import { errorMessage, useRouteTitle } from '../page-kit.tsx';
import { ProfileFields } from '../organization-profile/profile-fields.tsx';
import {
  SIGNUP_PATH,
  SIGNUP_SUCCESS_PATH,
  SIGNUP_TYPES,
  signupBody,
  signupInitialValues,
  signupRules,
} from './signup-form.ts';

/** What the success page may say: whose request, and where the mail goes. */
export interface TSignupReceipt {
  organization: string;
  email: string;
}

/**
 * `/organizations/signup` (public, system page 2): a company or organization registers itself. The
 * organization is pending until a school or the platform approves it; the applicant becomes its first
 * admin and gets an invitation to choose a password (identity's organization-signups consumer).
 */
export function OrganizationSignupPage() {
  usePortalTexts('organizationSignup', nlOrganizationSignup);
  usePortalTexts('profile', nlProfile);
  const { t, i18n } = useTranslation();
  const api = useApi();
  const navigate = useNavigate();
  const title = useRouteTitle();
  const form = useForm(signupInitialValues(), signupRules);
  const onSubmit = form.handleSubmit(async (values) => {
    await api.client.post(SIGNUP_PATH, signupBody(values, currentLanguage(i18n)), { authenticate: false });
    const receipt: TSignupReceipt = {
      organization: values.name.trim(),
      email: values.adminEmail.trim().toLowerCase(),
    };
    await navigate(SIGNUP_SUCCESS_PATH, { state: receipt });
  });
  return (
    <div className="container page" data-testid="organization-signup">
      <h1 data-testid="page-title">{title}</h1>
      <div className="page__lead">
        <p>{t('portal.organizationSignup.intro')}</p>
      </div>
      <div className="card form-card">
        <form noValidate onSubmit={onSubmit} className="form" data-testid="organization-signup-form">
          {form.formError !== undefined && (
            <FormAlert tone="error">{errorMessage(form.formError, t)}</FormAlert>
          )}
          <RadioGroup
            legend={t('portal.organizationSignup.type')}
            field={form.bind('organizationType')}
            options={SIGNUP_TYPES.map((type) => ({
              value: type,
              label: t(`portal.organizationTypes.${type}`),
              hint: t(`portal.organizationSignup.typeHints.${type}`),
            }))}
          />
          <fieldset className="form__group">
            <legend>{t('portal.organizationSignup.organization')}</legend>
            <ProfileFields bind={(name) => form.bind(name)} addressRequired />
          </fieldset>
          <fieldset className="form__group">
            <legend>{t('portal.organizationSignup.admin')}</legend>
            <p className="field__hint">{t('portal.organizationSignup.adminHint')}</p>
            <div className="form__row">
              <TextField
                label={t('portal.profile.firstName')}
                required
                autoComplete="given-name"
                field={form.bind('adminFirstName')}
              />
              <TextField
                label={t('portal.profile.lastName')}
                required
                autoComplete="family-name"
                field={form.bind('adminLastName')}
              />
            </div>
            <TextField
              label={t('portal.auth.email')}
              type="email"
              inputMode="email"
              autoComplete="email"
              required
              field={form.bind('adminEmail')}
            />
          </fieldset>
          <SubmitButton pending={form.submitting} testId="organization-signup-submit">
            {t('portal.organizationSignup.submit')}
          </SubmitButton>
        </form>
      </div>
      <p className="auth-note">
        {t('portal.organizationSignup.haveAccount')}{' '}
        <Link to="/inloggen/stagebieder">{t('shell.signIn')}</Link>
      </p>
    </div>
  );
}
