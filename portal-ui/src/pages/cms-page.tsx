import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DEFAULT_CONTENT_PAGE_SLUGS, DEFAULT_MAIN_MENU } from '@stageplein/contracts/content/default-menu';
import { toLanguage } from '@stageplein/contracts/i18n/index';
import { NotFoundPage } from './not-found-page.tsx';
import { PlaceholderPage } from './placeholder-page.tsx';

/**
 * `/:slug?`, the public CMS catch-all. Until the content service serves pages, the known slugs are
 * the default ones (as the gateway checks); any other slug is a 404, as the gateway answers it.
 */
export function CmsPage() {
  const { slug } = useParams();
  const { i18n } = useTranslation();
  if (slug && !(DEFAULT_CONTENT_PAGE_SLUGS as readonly string[]).includes(slug)) return <NotFoundPage />;
  const item = DEFAULT_MAIN_MENU.find((m) => m.path === `/${slug ?? ''}`);
  const lang = toLanguage(i18n.resolvedLanguage) ?? 'nl';
  return <PlaceholderPage title={item?.title[lang]} />;
}
