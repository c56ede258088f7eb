/**
 * The main menu and content pages every tenant starts with, until the content service serves the
 * CMS (spec §2 "Menu behaviour"): content pages use their own path, system pages their id.
 */
export interface TDefaultMenuItem {
  id: string;
  parentId: string | null;
  linkType: 'content_page' | 'system';
  path?: string;
  systemPageId?: number;
  title: { nl: string; en: string };
}

export const DEFAULT_CONTENT_PAGE_SLUGS = [
  'over-ons',
  'voor-scholen',
  'voor-organisaties',
  'contact',
] as const;

export const DEFAULT_MAIN_MENU: readonly TDefaultMenuItem[] = [
  {
    id: 'm1',
    parentId: null,
    linkType: 'system',
    systemPageId: 1,
    title: { nl: 'Stagebank', en: 'Internship bank' },
  },
  {
    id: 'm2',
    parentId: null,
    linkType: 'content_page',
    path: '/over-ons',
    title: { nl: 'Over ons', en: 'About us' },
  },
  {
    id: 'm3',
    parentId: 'm2',
    linkType: 'content_page',
    path: '/voor-scholen',
    title: { nl: 'Voor scholen', en: 'For schools' },
  },
  {
    id: 'm4',
    parentId: 'm2',
    linkType: 'content_page',
    path: '/voor-organisaties',
    title: { nl: 'Voor organisaties', en: 'For organizations' },
  },
  {
    id: 'm5',
    parentId: null,
    linkType: 'content_page',
    path: '/contact',
    title: { nl: 'Contact', en: 'Contact' },
  },
  { id: 'm6', parentId: null, linkType: 'system', systemPageId: 3, title: { nl: 'Inloggen', en: 'Sign in' } },
];
