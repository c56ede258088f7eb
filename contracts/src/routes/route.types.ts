export type TRouteOwner = 'portal' | 'admin';
export type TRouteLayout = 'default' | 'empty';

export interface TRoute {
  /** React Router pattern, e.g. `/users/:id/edit`, `/:slug?`, `/forms/:token?`. */
  path: string;
  owner: TRouteOwner;
  public: boolean;
  layout: TRouteLayout;
  /** i18n key of the page title, looked up in the catalogues of `contracts/src/i18n`. */
  titleKey: string;
  /** i18n key of the page description where the spec gives one. */
  descriptionKey?: string;
  /** Known system page (spec §2): numeric id and id text, e.g. { id: 3, slug: 'login' }. */
  systemPage?: { id: number; slug: string };
  /** The public CMS catch-all: the path segment is a CMS page slug. */
  cmsPage?: boolean;
}
