import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { API_PATHS } from '@stageplein/contracts/client/api-client';
import { passwordUpdateRequest } from '@stageplein/contracts/client/password-reset';
import { useApi } from '../../api/api-context.ts';
import { FormAlert, SubmitButton } from '@stageplein/design-system/forms/fields.tsx';
import { useForm } from '@stageplein/design-system/forms/use-form.ts';
import { AuthCard, errorMessage, useRouteTitle } from '../page-kit.tsx';
import { confirmationRules, newPasswordRules } from './password-fields.ts';
import { NewPasswordFields } from './new-password-fields.tsx';

/**
 * `/confirm` (public): confirms what the mailed `confirmation_token` was sent for (an account, a new
 * e-mail address, an invitation to a role) with `POST /api/v1/confirm`, token only (spec §7). An
 * account without a password gets `meta.reset_password_token` back: the password fields appear and
 * the next step sets it with `PUT /auth/password`.
 */
export function ConfirmPage() {
  const { t } = useTranslation();
  const api = useApi();
  const title = useRouteTitle();
  const [params] = useSearchParams();
  const token = params.get('confirmation_token') ?? params.get('token');
  const [passwordToken, setPasswordToken] = useState<string>();
  const needsPassword = passwordToken !== undefined;
  const [done, setDone] = useState(false);
  const form = useForm(
    { password: '', passwordConfirmation: '' },
    needsPassword ? { password: newPasswordRules, passwordConfirmation: confirmationRules() } : {},
  );

  const onSubmit = form.handleSubmit(async ({ password, passwordConfirmation }) => {
    if (passwordToken !== undefined) {
      const { body } = passwordUpdateRequest(
        { password: String(password), passwordConfirmation: String(passwordConfirmation) },
        { resetPasswordToken: passwordToken, credentials: undefined },
      );
      await api.client.request(API_PATHS.password, { method: 'PUT', body, authenticate: false });
      setDone(true);
      return;
    }
    const answer = await api.client.post<{ meta?: { resetPasswordToken?: unknown } }>(
      API_PATHS.confirm,
      { confirmationToken: token },
      { authenticate: false },
    );
    const next = answer.meta?.resetPasswordToken;
    if (typeof next === 'string') setPasswordToken(next);
    else setDone(true);
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
