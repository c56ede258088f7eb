import type { TLanguage } from '@stageplein/contracts/i18n/index';

/**
 * The query keys of the portal's content calls (content-queries.ts), on their own: the shell's menu
 * needs only these, so the calls and the prerender seeding stay out of the first download.
 */
export const contentKeys = {
  menu: (lang: TLanguage) => ['cms-main-menu', lang] as const,
  page: (lang: TLanguage, slug: string) => ['cms-page', lang, slug] as const,
  preview: (lang: TLanguage, slug: string) => ['cms-page-preview', lang, slug] as const,
  newsList: (lang: TLanguage, page: number) => ['cms-news', lang, page] as const,
  article: (lang: TLanguage, slug: string) => ['cms-news-article', lang, slug] as const,
};
