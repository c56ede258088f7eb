import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../shell/use-page-title.ts';
import { useManifestRoute } from './use-manifest-route.ts';

/** Stand-in for every route whose screen is not built yet: its translated title (and description). */
export function PlaceholderPage({ title: override }: { title?: string | undefined }) {
  const { t } = useTranslation();
  const route = useManifestRoute();
  const title = override ?? (route ? t(route.titleKey) : undefined);
  usePageTitle(title);
  return (
    <div className="container page" data-testid="placeholder-page" data-route={route?.path}>
      <h1 data-testid="page-title">{title}</h1>
      {route?.descriptionKey && <p className="page__lead">{t(route.descriptionKey)}</p>}
    </div>
  );
}
