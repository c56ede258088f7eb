import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { API_PATHS } from '@stageplein/contracts/client/api-client';
import { readResourceDocument, type TRawDocument } from '@stageplein/contracts/client/jsonapi-document';
import { resolveNavigationTarget } from '@stageplein/contracts/client/navigation';
import { useApi } from '../../api/api-context.ts';
import { FormAlert, SubmitButton } from '@stageplein/design-system/forms/fields.tsx';
import {
  EDUCATION_SSO_LINK_PATH,
  EDUCATION_SSO_START_PATH,
  isEducationSsoError,
} from '@stageplein/contracts/identity/education-sso-paths';
import { nlKennisnetPages } from '@stageplein/contracts/i18n/nl-kennisnet';
import { usePortalTexts } from '../../i18n/portal-texts.ts';
import { toast } from '@stageplein/design-system/components/toasts/toasts.ts';
import { displayName } from '../../session/current-user.ts';
import { useSession } from '../../session/session-context.ts';
import { StatusErrorScreen } from '../../shell/error-screen.tsx';
import { AuthCard, useRouteTitle } from '../page-kit.tsx';
import { PasswordSignInFields, usePasswordSignInForm } from './password-sign-in.tsx';

/**
 * Kennisnet (national education single sign-on, issue #36; docs/decisions/education-sso.md), offered on
 * `/inloggen/leerling` and `/inloggen/school`:
 * - `/inloggen/kennisnet` asks identity whether the tenant offers it (`GET /api/v1/sign_in_options`,
 *   `education_sso`) and then starts the flow at `KENNISNET_START_PATH` on our own origin;
 * - the identity service ends the flow at `/inloggen/kennisnet/success` with the devise_token_auth
 *   credentials in the query (`auth_token`/`access-token`, `client_id`/`client`, `uid`, `expiry`),
 *   at `/inloggen/kennisnet/koppelen?link_token=…` when a known account must confirm the link once, or
 *   at `/inloggen/kennisnet/error?error=<reason>`.
 */
export const KENNISNET_START_PATH = EDUCATION_SSO_START_PATH;

export function KennisnetPage() {
  const { t } = useTranslation();
  const api = useApi();
  const title = useRouteTitle();
  const options = useQuery({
    queryKey: ['sign-in-options'],
    queryFn: async () =>
      readResourceDocument<{ educationSso?: boolean }>(
        await api.client.get<TRawDocument>(API_PATHS.signInOptions, { authenticate: false }),
      ).data,
  });
  const available = options.data?.educationSso === true;

  const start = () => {
    const back = `${window.location.origin}/inloggen/kennisnet/success`;
    const target = resolveNavigationTarget(
      `${KENNISNET_START_PATH}?redirect_url=${encodeURIComponent(back)}`,
      {
        origin: window.location.origin,
      },
    );
    if (target.kind === 'internal') window.location.assign(target.path);
  };

  return (
    <AuthCard title={title} intro={<p>{t('portal.kennisnet.intro')}</p>}>
      {options.isPending ? (
        <p role="status">{t('shell.loading')}</p>
      ) : available ? (
        <button
          type="button"
          className="btn btn--primary btn--block"
          onClick={start}
          data-testid="kennisnet-start"
        >
          {t('portal.kennisnet.continue')}
        </button>
      ) : (
        <FormAlert tone="info" testId="kennisnet-unavailable">
          {t('portal.kennisnet.unavailable')}
        </FormAlert>
      )}
      <p className="auth-note">
        <Link to="/inloggen">{t('portal.kennisnet.otherWays')}</Link>
      </p>
    </AuthCard>
  );
}

/** Entree's attribute names a person may be told are missing (anything else is not repeated). */
const KNOWN_ATTRIBUTES = new Set(['uid', 'nlEduPersonHomeOrganizationId', 'eduPersonAffiliation']);

export function KennisnetErrorPage() {
  usePortalTexts('kennisnetPages', nlKennisnetPages);
  const { t } = useTranslation();
  const title = useRouteTitle();
  const [params] = useSearchParams();
  // Only known codes are shown; free text in the address is never displayed (it could be a lure).
  const reason = params.get('error');
  if (reason === 'wrong_center') return <StatusErrorScreen status={403} message="wrong center" />;
  const attribute = params.get('attribute');
  return (
    <AuthCard title={title}>
      <FormAlert tone="error" testId="kennisnet-error">
        <p>{t('portal.kennisnet.errorIntro')}</p>
        {isEducationSsoError(reason) && (
          <p data-testid="kennisnet-error-reason" data-reason={reason}>
            {t(`portal.kennisnetPages.reasons.${reason}`)}
            {reason === 'consent_missing' && attribute && KNOWN_ATTRIBUTES.has(attribute)
              ? ` ${t('portal.kennisnetPages.attribute', { attribute })}`
              : ''}
          </p>
        )}
      </FormAlert>
      <div className="actions">
        <Link to="/inloggen/kennisnet" className="btn btn--primary">
          {t('portal.kennisnet.retry')}
        </Link>
        <Link to="/inloggen" className="btn btn--neutral">
          {t('portal.kennisnet.otherWays')}
        </Link>
      </div>
    </AuthCard>
  );
}

export function KennisnetSuccessPage() {
  const { t } = useTranslation();
  const api = useApi();
  const navigate = useNavigate();
  const title = useRouteTitle();
  const { acceptSignedInUser } = useSession();
  const [failed, setFailed] = useState(false);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const q = new URLSearchParams(window.location.search);
    const accessToken = q.get('auth_token') ?? q.get('access-token') ?? q.get('token');
    const client = q.get('client_id') ?? q.get('client');
    const uid = q.get('uid');
    const expiry = Number(q.get('expiry'));
    // The credentials must not stay in the address bar or the history.
    window.history.replaceState(window.history.state, '', window.location.pathname);
    if (!accessToken || !client || !uid) {
      setFailed(true);
      return;
    }
    api.credentials.set({ accessToken, client, uid, ...(expiry > 0 ? { expiry } : {}) });
    api.client
      .get(API_PATHS.currentUser, { query: { include: ['roles'] } })
      .then((document) => {
        acceptSignedInUser(document);
        void navigate('/dashboard', { replace: true });
      })
      .catch(() => {
        api.credentials.clear();
        setFailed(true);
      });
  }, [api, acceptSignedInUser, navigate]);

  if (failed) {
    return (
      <AuthCard title={title}>
        <FormAlert tone="error">{t('portal.kennisnet.errorIntro')}</FormAlert>
        <Link to="/inloggen/kennisnet" className="btn btn--primary">
          {t('portal.kennisnet.retry')}
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={title}>
      <p role="status">{t('portal.kennisnet.successBusy')}</p>
    </AuthCard>
  );
}

/**
 * `/inloggen/kennisnet/koppelen?link_token=…[&email=…]`: the federation recognised someone whose
 * identity is not linked yet; they confirm, once, that an account of their school is theirs by signing
 * in with it (`POST /auth/kennisnet/link`). The credentials come back in the headers, as at sign-in.
 */
export function KennisnetLinkPage() {
  usePortalTexts('kennisnetPages', nlKennisnetPages);
  const { t } = useTranslation();
  const api = useApi();
  const navigate = useNavigate();
  const title = useRouteTitle();
  const { acceptSignedInUser } = useSession();
  const [params] = useSearchParams();
  const [linkToken] = useState(() => params.get('link_token') ?? '');
  const [knownEmail] = useState(() => params.get('email') ?? '');
  useEffect(() => {
    // The single-use token must not stay in the address bar or the history.
    window.history.replaceState(window.history.state, '', window.location.pathname);
  }, []);

  const form = usePasswordSignInForm(knownEmail);
  const onSubmit = form.handleSubmit(async ({ email, password }) => {
    const document = await api.client.post(
      EDUCATION_SSO_LINK_PATH,
      { link_token: linkToken, email: String(email).trim(), password: String(password) },
      { authenticate: false },
    );
    const user = acceptSignedInUser(document);
    toast.success(t('portal.auth.welcome', { name: displayName(user) }));
    void navigate('/dashboard', { replace: true });
  });

  if (!linkToken) {
    return (
      <AuthCard title={title}>
        <FormAlert tone="error">{t('portal.kennisnetPages.link.missing')}</FormAlert>
        <Link to="/inloggen/kennisnet" className="btn btn--primary">
          {t('portal.kennisnet.retry')}
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title={title}
      intro={
        <p>
          {knownEmail
            ? t('portal.kennisnetPages.link.known', { email: knownEmail })
            : t('portal.kennisnetPages.link.intro')}
        </p>
      }
    >
      <form noValidate onSubmit={onSubmit} className="form" data-testid="kennisnet-link-form">
        <PasswordSignInFields form={form} errorTestId="kennisnet-link-error" />
        <SubmitButton pending={form.submitting} testId="kennisnet-link-submit">
          {t('portal.kennisnetPages.link.submit')}
        </SubmitButton>
      </form>
      <p className="auth-note">{t('portal.kennisnetPages.link.noAccount')}</p>
      <p className="auth-note">
        <Link to="/inloggen">{t('portal.kennisnet.otherWays')}</Link>
      </p>
    </AuthCard>
  );
}
