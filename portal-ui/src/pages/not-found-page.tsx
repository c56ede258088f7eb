import { useTranslation } from 'react-i18next';
import { ErrorScreen } from '../shell/error-screen.tsx';

/** 404 (spec §8): "Pagina niet gevonden" / "Page not found". */
export function NotFoundPage() {
  const { t } = useTranslation();
  return <ErrorScreen title={t('errors.notFound.title')} body={t('errors.notFound.body')} kind="notFound" />;
}
