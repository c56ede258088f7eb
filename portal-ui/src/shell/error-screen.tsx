import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from './use-page-title.ts';

export interface TErrorScreenProps {
  title: string;
  body: string;
}

/** Spec §2/§8 error screen: a heading, the explanation and a "Back to home" button to "/". */
export function ErrorScreen({ title, body }: TErrorScreenProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  usePageTitle(title);
  return (
    <section className="container page error-screen" aria-labelledby="error-title">
      <p className="error-screen__mark" aria-hidden="true">
        !
      </p>
      <h1 id="error-title" data-testid="error-title">
        {title}
      </h1>
      <p className="error-screen__body" data-testid="error-body">
        {body}
      </p>
      <button
        type="button"
        className="btn btn--primary"
        data-testid="back-to-home"
        onClick={() => void navigate('/')}
      >
        {t('errors.backToHome')}
      </button>
    </section>
  );
}
