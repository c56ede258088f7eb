import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { API_PATHS } from '@stageplein/contracts/client/api-client';
import { useApi } from '../../api/api-context.ts';
import { FormAlert, SubmitButton, TextField } from '@stageplein/design-system/forms/fields.tsx';
import { rules } from '@stageplein/design-system/forms/field-rules.ts';
import { useForm } from '@stageplein/design-system/forms/use-form.ts';
import { useSession } from '../../session/session-context.ts';
import { nlDeleteAccount } from '@stageplein/contracts/i18n/nl-account-pages';
import { usePortalTexts } from '../../i18n/portal-texts.ts';
import { AuthCard, errorMessage, useRouteTitle } from '../page-kit.tsx';

/**
 * `/account/verwijderen` (public): step 1 mails a confirmation link for an email address
 * (`POST /api/v1/account_deletion`); step 2, the link with `token`, deletes the account
 * (`POST /api/v1/account_deletion/confirm`).
 */
export function DeleteAccountPage() {
  usePortalTexts('deleteAccount', nlDeleteAccount);
  const { t } = useTranslation();
  const api = useApi();
  const title = useRouteTitle();
  const { user, signOut } = useSession();
  const [params] = useSearchParams();
  const token = params.get('token');
  const [message, setMessage] = useState<string | undefined>();
  // The outcome of the confirmation lives in the history entry: signing out clears the organization
  // about 500 ms later, which re-keys the page (and would drop component state).
  const navigate = useNavigate();
  const confirmed = (useLocation().state as { accountDeleted?: string } | null)?.accountDeleted;

  const request = useForm({ email: user?.email ?? '' }, { email: [rules.required(), rules.email()] });
  // Signed in: the account's own address, once the user has loaded (unless something was typed).
  const { values, setValue } = request;
  useEffect(() => {
    if (user?.email && !values.email) setValue('email', user.email);
    // Only when the user arrives.
  }, [user?.email]);
  const onRequest = request.handleSubmit(async ({ email }) => {
    const answer = await api.client.post<{ meta?: { message?: string } }>(
      API_PATHS.accountDeletion,
      { email: String(email).trim() },
      { authenticate: false },
    );
    setMessage(answer.meta?.message ?? t('portal.deleteAccount.sent'));
  });

  const confirm = useForm({});
  const onConfirm = confirm.handleSubmit(async () => {
    const answer = await api.client.post<{ meta?: { message?: string } }>(
      API_PATHS.accountDeletionConfirm,
      { token },
      { authenticate: false },
    );
    if (api.credentials.get()) await signOut();
    const accountDeleted = answer.meta?.message ?? t('portal.deleteAccount.done');
    await navigate('/account/verwijderen', { replace: true, state: { accountDeleted } });
  });

  const shown = message ?? confirmed;
  if (shown) {
    return (
      <AuthCard title={title}>
        <FormAlert tone="success" testId="delete-account-message">
          {shown}
        </FormAlert>
        <Link to="/" className="btn btn--neutral">
          {t('errors.backToHome')}
        </Link>
      </AuthCard>
    );
  }

  if (token) {
    return (
      <AuthCard title={title} intro={<p>{t('portal.deleteAccount.confirmIntro')}</p>}>
        <FormAlert tone="warning">{t('portal.deleteAccount.warning')}</FormAlert>
        <form noValidate onSubmit={onConfirm} className="form" data-testid="delete-account-confirm">
          {confirm.formError !== undefined && (
            <FormAlert tone="error">{errorMessage(confirm.formError, t)}</FormAlert>
          )}
          <SubmitButton pending={confirm.submitting}>{t('portal.deleteAccount.confirm')}</SubmitButton>
        </form>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={title} intro={<p>{t('portal.deleteAccount.intro')}</p>}>
      <form noValidate onSubmit={onRequest} className="form" data-testid="delete-account-form">
        {request.formError !== undefined && (
          <FormAlert tone="error">{errorMessage(request.formError, t)}</FormAlert>
        )}
        <TextField
          label={t('portal.auth.email')}
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          field={request.bind('email')}
        />
        <SubmitButton pending={request.submitting}>{t('portal.deleteAccount.submit')}</SubmitButton>
      </form>
    </AuthCard>
  );
}
