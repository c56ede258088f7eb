import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../session/session-context.ts';
import { AuthCard, useRouteTitle } from '../page-kit.tsx';

/**
 * `/uitloggen` (spec §2): signs this client out (`DELETE /auth/sign_out`), clears the credentials at
 * once and user and roles about 500 ms later. Also where a 401 on the current user leads.
 */
export function SignOutPage() {
  const { t } = useTranslation();
  const title = useRouteTitle();
  const { signOut } = useSession();
  const [done, setDone] = useState(false);
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void signOut().finally(() => setDone(true));
  }, [signOut]);
  return (
    <AuthCard title={title}>
      {done ? (
        <>
          <p role="status" data-testid="signed-out">
            {t('portal.signOut.done')}
          </p>
          <div className="actions">
            <Link to="/inloggen" className="btn btn--primary" data-testid="sign-in-again">
              {t('portal.signOut.signInAgain')}
            </Link>
            <Link to="/" className="btn btn--neutral">
              {t('errors.backToHome')}
            </Link>
          </div>
        </>
      ) : (
        <p role="status">{t('portal.signOut.busy')}</p>
      )}
    </AuthCard>
  );
}
