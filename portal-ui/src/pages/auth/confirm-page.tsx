import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { API_PATHS, isApiRequestError } from '@stageplein/contracts/client/api-client';
import { useApi } from '../../api/api-context.ts';
import { FormAlert, SubmitButton } from '@stageplein/design-system/forms/fields.tsx';
import { useForm } from '@stageplein/design-system/forms/use-form.ts';
import { AuthCard, errorMessage, useRouteTitle } from '../page-kit.tsx';
import { confirmationRules, newPasswordRules } from './password-fields.ts';
import { NewPasswordFields } from './new-password-fields.tsx';

/**
 * `/confirm` (public): confirms the account of the mailed `confirmation_token` with
 * `POST /api/v1/confirm`. Invited users have no password yet: when the service asks for one
 * (422 on `/password`) the password fields appear.
 */
export function ConfirmPage() {
  const { t } = useTranslation();
  const api = useApi();
  const title = useRouteTitle();
  const [params] = useSearchParams();
  const token = params.get('confirmation_token') ?? params.get('token');
  const [needsPassword, setNeedsPassword] = useState(false);
  const [done, setDone] = useState(false);
  const form = useForm(
    { password: '', passwordConfirmation: '' },
    needsPassword ? { password: newPasswordRules, passwordConfirmation: confirmationRules() } : {},
  );

  const onSubmit = form.handleSubmit(async ({ password, passwordConfirmation }) => {
    try {
      await api.client.post(
        API_PATHS.confirm,
        needsPassword
          ? { confirmationToken: token, password, passwordConfirmation }
          : { confirmationToken: token },
        { authenticate: false },
      );
      setDone(true);
    } catch (error) {
      if (!needsPassword && isApiRequestError(error) && error.fieldError('password')) {
        setNeedsPassword(true);
        return;
      }
      throw error;
    }
  });

  if (!token) {
    return (
      <AuthCard title={title}>
        <FormAlert tone="error" testId="confirm-missing">
          {t('portal.confirm.missingToken')}
        </FormAlert>
      </AuthCard>
    );
  }
  if (done) {
    return (
      <AuthCard title={title}>
        <FormAlert tone="success" testId="confirm-done">
          {t('portal.confirm.done')}
        </FormAlert>
        <Link to="/inloggen" className="btn btn--primary">
          {t('shell.signIn')}
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title={title}
      intro={<p>{needsPassword ? t('portal.confirm.passwordIntro') : t('portal.confirm.intro')}</p>}
    >
      <form noValidate onSubmit={onSubmit} className="form" data-testid="confirm-form">
        {form.formError !== undefined && (
          <FormAlert tone="error">{errorMessage(form.formError, t)}</FormAlert>
        )}
        {needsPassword && (
          <>
            <NewPasswordFields
              password={form.bind('password')}
              confirmation={form.bind('passwordConfirmation')}
            />
          </>
        )}
        <SubmitButton pending={form.submitting}>{t('portal.confirm.submit')}</SubmitButton>
      </form>
    </AuthCard>
  );
}
