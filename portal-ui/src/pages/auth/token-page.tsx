import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { API_PATHS } from '@stageplein/contracts/client/api-client';
import { useApi } from '../../api/api-context.ts';
import { FormAlert, SubmitButton, TextField } from '@stageplein/design-system/forms/fields.tsx';
import { rules } from '@stageplein/design-system/forms/field-rules.ts';
import { useForm } from '@stageplein/design-system/forms/use-form.ts';
import { displayName } from '../../session/current-user.ts';
import { useSession } from '../../session/session-context.ts';
import { toast } from '@stageplein/design-system/components/toasts/toasts.ts';
import { AuthCard, errorMessage, useRouteTitle } from '../page-kit.tsx';

/**
 * `/auth/token`: passwordless sign-in (spec §1, tenant nuborgh). The mailed link carries `token`
 * and signs in at once; otherwise the mailed six-digit code is entered with the email address.
 * `POST /auth/passwordless/sign_in`; the credentials come back in the answer's headers.
 */
export function TokenPage() {
  const { t } = useTranslation();
  const api = useApi();
  const navigate = useNavigate();
  const { acceptSignedInUser } = useSession();
  const title = useRouteTitle();
  const [params] = useSearchParams();
  const token = params.get('token');
  const [linkState, setLinkState] = useState<'idle' | 'checking' | 'failed'>(token ? 'checking' : 'idle');
  const [linkError, setLinkError] = useState<unknown>();
  const started = useRef(false);

  const finish = (document: unknown) => {
    const user = acceptSignedInUser(document);
    toast.success(t('portal.auth.welcome', { name: displayName(user) }));
    void navigate('/dashboard', { replace: true });
  };

  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    api.client
      .post(API_PATHS.passwordlessSignIn, { token }, { authenticate: false })
      .then(finish)
      .catch((error: unknown) => {
        setLinkError(error);
        setLinkState('failed');
      });
    // finish only reads stable values; the link is used once.
  }, [token]);

  const form = useForm(
    { email: params.get('email') ?? '', code: '' },
    { email: [rules.required(), rules.email()], code: [rules.required(), rules.pattern(/^\d{6}$/)] },
  );
  const onSubmit = form.handleSubmit(async ({ email, code }) => {
    finish(
      await api.client.post(
        API_PATHS.passwordlessSignIn,
        { email: String(email).trim(), code: String(code).trim() },
        { authenticate: false },
      ),
    );
  });

  if (linkState === 'checking') {
    return (
      <AuthCard title={title}>
        <p role="status" data-testid="token-checking">
          {t('portal.token.checking')}
        </p>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={title} intro={<p>{t('portal.token.intro')}</p>}>
      {linkState === 'failed' && (
        <FormAlert tone="error" testId="token-error">
          {errorMessage(linkError, t)}
        </FormAlert>
      )}
      <form noValidate onSubmit={onSubmit} className="form" data-testid="token-form">
        {form.formError !== undefined && (
          <FormAlert tone="error">{errorMessage(form.formError, t)}</FormAlert>
        )}
        <TextField
          label={t('portal.auth.email')}
          type="email"
          autoComplete="username"
          inputMode="email"
          required
          field={form.bind('email')}
        />
        <TextField
          label={t('portal.token.code')}
          hint={t('portal.token.codeHint')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          required
          field={form.bind('code')}
        />
        <SubmitButton pending={form.submitting}>{t('portal.auth.submit')}</SubmitButton>
      </form>
      <p className="auth-note">
        <Link to="/inloggen">{t('portal.recover.backToLogin')}</Link>
      </p>
    </AuthCard>
  );
}
