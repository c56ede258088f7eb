import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { SIGN_OUT_PATH } from '@stageplein/contracts/routes/route-manifest';
import { useSession } from '../../session/session-context.ts';
import { CURRENT_USER_KEY } from '../../session/session-provider.tsx';
import { FormAlert } from '@stageplein/design-system/forms/fields.tsx';
import { AuthCard, useRouteTitle } from '../page-kit.tsx';

/** `/auth/no-organization` (public, spec §8): the user's organizations could not be loaded. */
export function NoOrganizationPage() {
  const { t } = useTranslation();
  const title = useRouteTitle();
  const queryClient = useQueryClient();
  const { signedIn, userError } = useSession();
  return (
    <AuthCard title={title} intro={<p>{t('portal.noOrganization.intro')}</p>}>
      {userError?.status !== undefined && (
        <FormAlert tone="warning">{t('errors.generic.code', { code: userError.status })}</FormAlert>
      )}
      <div className="actions">
        {signedIn && (
          <button
            type="button"
            className="btn btn--primary"
            onClick={() => void queryClient.resetQueries({ queryKey: CURRENT_USER_KEY })}
          >
            {t('portal.noOrganization.retry')}
          </button>
        )}
        <Link to={signedIn ? SIGN_OUT_PATH : '/inloggen'} className="btn btn--neutral">
          {signedIn ? t('shell.signOut') : t('shell.signIn')}
        </Link>
      </div>
    </AuthCard>
  );
}
