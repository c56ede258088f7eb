import { matchRoute } from '../routes/route-manifest.ts';

/** The page the portal shows at `/` (spec §2: `/:slug?` without a slug). */
export const HOME_PAGE_SLUG = 'home';
/** The privacy statement, shown at its own route `/privacyverklaring` (spec §2). */
export const PRIVACY_PAGE_SLUG = 'privacyverklaring';

/** Where the portal shows a CMS page. */
export function pagePath(slug: string): string {
  return slug === HOME_PAGE_SLUG ? '/' : `/${slug}`;
}

/**
 * A page slug must be reachable: `/<slug>` has to land on the CMS catch-all, not on a screen of its
 * own (`inloggen`, `nieuws`, `content` …), except the pages that such a screen shows (privacy).
 */
export function isUsablePageSlug(slug: string): boolean {
  if (slug === HOME_PAGE_SLUG || slug === PRIVACY_PAGE_SLUG) return true;
  return matchRoute(`/${slug}`)?.route.cmsPage === true;
}
