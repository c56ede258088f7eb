import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { API_PATHS } from '@stageplein/contracts/client/api-client';
import { useApi } from '../../api/api-context.ts';
import { FormAlert, SubmitButton, TextField } from '@stageplein/design-system/forms/fields.tsx';
import { rules } from '@stageplein/design-system/forms/field-rules.ts';
import { useForm } from '@stageplein/design-system/forms/use-form.ts';
import { AuthCard, errorMessage, useRouteTitle } from '../page-kit.tsx';

/**
 * `/auth/recover` (system page 4): `POST /auth/password` with the email. The answer is the same
 * whether or not the account exists; the mailed link leads to `/auth/reset` on this site (the
 * identity service builds it from the tenant's public address).
 */
export function RecoverPage() {
  const { t } = useTranslation();
  const api = useApi();
  const title = useRouteTitle();
  const [sent, setSent] = useState<string | undefined>();
  const form = useForm({ email: '' }, { email: [rules.required(), rules.email()] });
  const onSubmit = form.handleSubmit(async ({ email }) => {
    const answer = await api.client.post<{ meta?: { message?: string } }>(
      API_PATHS.password,
      { email: String(email).trim() },
      { authenticate: false },
    );
    setSent(answer.meta?.message ?? t('portal.recover.sent'));
  });
  return (
    <AuthCard title={title} intro={<p>{t('portal.recover.intro')}</p>}>
      {sent ? (
        <FormAlert tone="success" testId="recover-sent">
          {sent}
        </FormAlert>
      ) : (
        <form noValidate onSubmit={onSubmit} className="form" data-testid="recover-form">
          {form.formError !== undefined && (
            <FormAlert tone="error">{errorMessage(form.formError, t)}</FormAlert>
          )}
          <TextField
            label={t('portal.auth.email')}
            type="email"
            autoComplete="email"
            inputMode="email"
            required
            field={form.bind('email')}
          />
          <SubmitButton pending={form.submitting} testId="recover-submit">
            {t('portal.recover.submit')}
          </SubmitButton>
        </form>
      )}
      <p className="auth-note">
        <Link to="/inloggen">{t('portal.recover.backToLogin')}</Link>
      </p>
    </AuthCard>
  );
}
