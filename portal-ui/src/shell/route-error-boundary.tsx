import { useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';
import { errorTexts } from './error-texts.ts';
import { ErrorScreen } from './ErrorScreen.tsx';

/** Error element of every route: the spec §8 text for the error's status. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  const texts = errorTexts(error);
  const title =
    texts.code === undefined
      ? t(texts.titleKey)
      : `${t(texts.titleKey)} ${t('errors.generic.code', { code: texts.code })}`;
  return <ErrorScreen title={title} body={t(texts.bodyKey)} />;
}
