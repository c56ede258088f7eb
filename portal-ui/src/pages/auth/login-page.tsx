import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { API_PATHS, isApiRequestError, type ApiRequestError } from '@stageplein/contracts/client/api-client';
import { useApi } from '../../api/api-context.ts';
import { afterSignInPath } from '../../app/route-access.ts';
import { FormAlert, SubmitButton } from '@stageplein/design-system/forms/fields.tsx';
import { displayName } from '../../session/current-user.ts';
import { useSession } from '../../session/session-context.ts';
import { StatusErrorScreen } from '../../shell/error-screen.tsx';
import { toast } from '@stageplein/design-system/components/toasts/toasts.ts';
import { useTenant } from '../../tenant/tenant-context.ts';
import { AuthCard, errorMessage, useRouteTitle } from '../page-kit.tsx';
import { PasswordSignInFields, usePasswordSignInForm } from './password-sign-in.tsx';

type TVariant = 'index' | 'student' | 'school' | 'provider';

const VARIANTS: Record<string, TVariant> = {
  '/inloggen/leerling': 'student',
  '/inloggen/school': 'school',
  '/inloggen/stagebieder': 'provider',
};

/** The other sign-in entries (spec §6: school, student, internship provider, education SSO). */
function OtherEntries({ variant }: { variant: TVariant }) {
  const { t } = useTranslation();
  const entries: [TVariant, string, string][] = [
    ['student', '/inloggen/leerling', t('portal.auth.entries.student')],
    ['school', '/inloggen/school', t('portal.auth.entries.school')],
    ['provider', '/inloggen/stagebieder', t('portal.auth.entries.provider')],
  ];
  return (
    <nav className="auth-entries" aria-label={t('portal.auth.otherEntries')}>
      <h2 className="auth-entries__title">{t('portal.auth.otherEntries')}</h2>
      <ul>
        {entries
          .filter(([v]) => v !== variant)
          .map(([v, to, label]) => (
            <li key={v}>
              <Link to={to}>{label}</Link>
            </li>
          ))}
      </ul>
    </nav>
  );
}

/**
 * Nuborgh (spec §1): sign in without a password, by a mailed link or code. It uses the e-mail
 * address of the sign-in form above (one field, not a second identical one).
 */
function PasswordlessRequest({ email, validateEmail }: { email: string; validateEmail: () => boolean }) {
  const { t } = useTranslation();
  const api = useApi();
  const [sent, setSent] = useState<{ message: string; email: string } | undefined>();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(undefined);
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(undefined);
    if (!validateEmail()) return;
    setPending(true);
    try {
      const answer = await api.client.post<{ meta?: { message?: string } }>(
        API_PATHS.passwordless,
        { email: email.trim() },
        { authenticate: false },
      );
      setSent({ message: answer.meta?.message ?? t('portal.auth.passwordless.sent'), email: email.trim() });
    } catch (e) {
      setError(e);
    } finally {
      setPending(false);
    }
  };
  return (
    <section className="auth-section" aria-labelledby="passwordless-title">
      <h2 id="passwordless-title">{t('portal.auth.passwordless.title')}</h2>
      <p>{t('portal.auth.passwordless.intro')}</p>
      {sent ? (
        <FormAlert tone="success" testId="passwordless-sent">
          <p>{sent.message}</p>
          <p>
            <Link to={`/auth/token?email=${encodeURIComponent(sent.email)}`}>
              {t('portal.auth.passwordless.enterCode')}
            </Link>
          </p>
        </FormAlert>
      ) : (
        <form
          noValidate
          onSubmit={(e) => void onSubmit(e)}
          className="form"
          data-testid="passwordless-form"
          aria-labelledby="passwordless-title"
        >
          {error !== undefined && <FormAlert tone="error">{errorMessage(error, t)}</FormAlert>}
          <SubmitButton pending={pending} variant="neutral" testId="passwordless-submit">
            {t('portal.auth.passwordless.submit')}
          </SubmitButton>
        </form>
      )}
    </section>
  );
}

/**
 * `/inloggen`, `/auth/login-1` and the entries for students, schools and internship providers:
 * email and password against `POST /auth/sign_in`; the credentials come back in the answer's
 * headers and are stored. A wrong-centre account gets the spec §8 screen.
 */
export function LoginPage() {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const tenant = useTenant();
  const { signIn } = useSession();
  const variant = VARIANTS[pathname] ?? 'index';
  const title = useRouteTitle();
  const [wrongCenter, setWrongCenter] = useState<ApiRequestError | undefined>();

  const form = usePasswordSignInForm();

  const onSubmit = form.handleSubmit(async ({ email, password }) => {
    try {
      const user = await signIn(String(email).trim(), String(password));
      toast.success(t('portal.auth.welcome', { name: displayName(user) }));
      void navigate(afterSignInPath(search, window.location.origin), { replace: true });
    } catch (error) {
      if (isApiRequestError(error) && error.wrongCenter) {
        setWrongCenter(error);
        return;
      }
      throw error;
    }
  });

  if (wrongCenter) return <StatusErrorScreen status={wrongCenter.status} message="wrong center" />;

  const showKennisnet = variant === 'student' || variant === 'school';
  return (
    <AuthCard title={title} intro={<p>{t(`portal.auth.intro.${variant}`)}</p>}>
      {showKennisnet && (
        <div className="auth-section">
          <Link
            to="/inloggen/kennisnet"
            className="btn btn--neutral btn--block"
            data-testid="kennisnet-entry"
          >
            {t('portal.kennisnet.button')}
          </Link>
          <p className="divider">
            <span>{t('portal.auth.or')}</span>
          </p>
        </div>
      )}
      <form noValidate onSubmit={onSubmit} className="form" data-testid="login-form">
        <PasswordSignInFields form={form} errorTestId="login-error" />
        <div className="form__actions">
          <SubmitButton pending={form.submitting} testId="login-submit">
            {t('portal.auth.submit')}
          </SubmitButton>
          <Link to="/auth/recover" data-testid="forgot-password">
            {t('portal.auth.forgotPassword')}
          </Link>
        </div>
      </form>
      {tenant.features.passwordlessLogin && (
        <PasswordlessRequest
          email={String(form.values.email)}
          validateEmail={() => form.validate(['email'], document.querySelector('[data-testid="login-form"]'))}
        />
      )}
      {variant === 'provider' && (
        <p className="auth-note">
          {t('portal.auth.noAccount')} <Link to="/organizations/signup">{t('portal.auth.signupLink')}</Link>
        </p>
      )}
      <OtherEntries variant={variant} />
    </AuthCard>
  );
}
