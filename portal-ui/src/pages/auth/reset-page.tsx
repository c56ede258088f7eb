import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { API_PATHS } from '@stageplein/contracts/client/api-client';
import {
  passwordUpdateRequest,
  PasswordResetCredentialsError,
} from '@stageplein/contracts/client/password-reset';
import { useApi } from '../../api/api-context.ts';
import { FormAlert, SubmitButton } from '@stageplein/design-system/forms/fields.tsx';
import { useForm } from '@stageplein/design-system/forms/use-form.ts';
import { useSession } from '../../session/session-context.ts';
import { toast } from '@stageplein/design-system/components/toasts/toasts.ts';
import { AuthCard, errorMessage, useRouteTitle } from '../page-kit.tsx';
import { confirmationRules, newPasswordRules } from './password-fields.ts';
import { NewPasswordFields } from './new-password-fields.tsx';

/**
 * `/auth/reset`: a new password with the mailed `reset_password_token`, or (signed in) with this
 * client's uid, client and access token; with neither, the spec §5 message. `PUT /auth/password`.
 */
export function ResetPage() {
  const { t } = useTranslation();
  const api = useApi();
  const navigate = useNavigate();
  const { signedIn } = useSession();
  const title = useRouteTitle();
  const [params] = useSearchParams();
  const token = params.get('reset_password_token') ?? params.get('token');
  const [missing] = useState(() => {
    try {
      passwordUpdateRequest(
        { password: '', passwordConfirmation: '' },
        { resetPasswordToken: token, credentials: api.credentials.get() },
      );
      return undefined;
    } catch (error) {
      return error instanceof PasswordResetCredentialsError ? error.message : undefined;
    }
  });
  const form = useForm(
    { password: '', passwordConfirmation: '' },
    { password: newPasswordRules, passwordConfirmation: confirmationRules() },
  );

  const onSubmit = form.handleSubmit(async ({ password, passwordConfirmation }) => {
    const { body, credentials } = passwordUpdateRequest(
      { password: String(password), passwordConfirmation: String(passwordConfirmation) },
      { resetPasswordToken: token, credentials: api.credentials.get() },
    );
    await api.client.request(API_PATHS.password, {
      method: 'PUT',
      body,
      credentials,
      authenticate: credentials !== undefined,
    });
    toast.success(t('portal.reset.done'));
    void navigate(signedIn ? '/dashboard' : '/inloggen', { replace: true });
  });

  return (
    <AuthCard title={title} intro={<p>{t('portal.reset.intro')}</p>}>
      {missing ? (
        <FormAlert tone="error" testId="reset-missing">
          <p lang="en">{missing}</p>
          <p>
            <Link to="/auth/recover">{t('portal.reset.requestNew')}</Link>
          </p>
        </FormAlert>
      ) : (
        <form noValidate onSubmit={onSubmit} className="form" data-testid="reset-form">
          {form.formError !== undefined && (
            <FormAlert tone="error" testId="reset-error">
              <p>{errorMessage(form.formError, t)}</p>
              <p>
                <Link to="/auth/recover">{t('portal.reset.requestNew')}</Link>
              </p>
            </FormAlert>
          )}
          <NewPasswordFields
            password={form.bind('password')}
            confirmation={form.bind('passwordConfirmation')}
          />
          <SubmitButton pending={form.submitting} testId="reset-submit">
            {t('portal.reset.submit')}
          </SubmitButton>
        </form>
      )}
    </AuthCard>
  );
}
