import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { API_PATHS } from '@stageplein/contracts/client/api-client';
import { readResourceDocument, type TRawDocument } from '@stageplein/contracts/client/jsonapi-document';
import { resolveNavigationTarget } from '@stageplein/contracts/client/navigation';
import { useApi } from '../../api/api-context.ts';
import { FormAlert } from '@stageplein/design-system/forms/fields.tsx';
import { useSession } from '../../session/session-context.ts';
import { StatusErrorScreen } from '../../shell/error-screen.tsx';
import { AuthCard, useRouteTitle } from '../page-kit.tsx';

/**
 * Kennisnet (national education single sign-on), ready for the SSO issue:
 * - `/inloggen/kennisnet` asks identity whether the tenant offers it (`GET /api/v1/sign_in_options`,
 *   `education_sso`) and then starts the flow at `KENNISNET_START_PATH` on our own origin;
 * - the identity service ends the flow at `/inloggen/kennisnet/success` with the devise_token_auth
 *   credentials in the query (`auth_token`/`access-token`, `client_id`/`client`, `uid`, `expiry`),
 *   or at `/inloggen/kennisnet/error?error=<code>`.
 */
export const KENNISNET_START_PATH = '/auth/kennisnet';

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

export function KennisnetErrorPage() {
  const { t } = useTranslation();
  const title = useRouteTitle();
  const [params] = useSearchParams();
  // Only known codes are shown; free text in the address is never displayed (it could be a lure).
  if (params.get('error') === 'wrong_center')
    return <StatusErrorScreen status={403} message="wrong center" />;
  return (
    <AuthCard title={title}>
      <FormAlert tone="error" testId="kennisnet-error">
        {t('portal.kennisnet.errorIntro')}
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
