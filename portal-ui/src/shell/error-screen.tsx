import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { errorScreenFor } from '@stageplein/contracts/errors/error-catalogue';
import { ErrorScreen as SharedErrorScreen } from '@stageplein/design-system/components/error-screen.tsx';
import { usePageTitle } from './use-page-title.ts';

export interface TErrorScreenProps {
  title: string;
  body: string;
  /** An extra line, e.g. the fatal "Page Not Found: /path" of a failing route validation. */
  detail?: string | undefined;
  kind?: string | undefined;
}

/** Spec §2/§8 error screen as a page: the shared screen with a "Back to home" button to "/". */
export function ErrorScreen({ title, body, detail, kind }: TErrorScreenProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  usePageTitle(title);
  return (
    <SharedErrorScreen title={title} body={body} detail={detail} kind={kind} className="container page">
      <button
        type="button"
        className="btn btn--primary"
        data-testid="back-to-home"
        onClick={() => void navigate('/')}
      >
        {t('errors.backToHome')}
      </button>
    </SharedErrorScreen>
  );
}

/**
 * The spec §8 screen for a status and message: 401, 403, 404, wrong center (by message), or the
 * generic one with "(error code: N)" when there is a status.
 */
export function StatusErrorScreen({
  status,
  message,
  detail,
}: {
  status?: number | undefined;
  message?: string | undefined;
  detail?: string | undefined;
}) {
  const { t } = useTranslation();
  const screen = errorScreenFor(status, message);
  const title = screen.codeKey
    ? `${t(screen.titleKey)} ${t(screen.codeKey, screen.vars)}`
    : t(screen.titleKey);
  return <ErrorScreen title={title} body={t(screen.bodyKey)} detail={detail} kind={screen.kind} />;
}
