/**
 * The id of the script element with the gateway's prerendered data (prerender.ts). A module of its
 * own: the portal's first download checks for it and loads the rest only when it is there.
 */
export const PRERENDER_DATA_ID = 'stageplein-prerender';

/**
 * The digest of the parts of the served page that the portal renders in the browser only (header,
 * footer, loading bar, toasts): the gateway marks them as React's "client-rendered" Suspense
 * boundaries (`<!--$!-->`), so the app hydrates the served content and replaces only those parts
 * (docs/decisions/content.md "Hydration"). The portal ignores the recoverable error React reports for them.
 */
export const CLIENT_PART_DIGEST = 'client-part';

/** Served markup of a part the browser renders: `fallback` shows until the app replaces it. */
export const clientPartMarkup = (fallback = ''): string =>
  `<!--$!--><template data-dgst="${CLIENT_PART_DIGEST}"></template>${fallback}<!--/$-->`;

/** Served markup of a part the app hydrates in place (a Suspense boundary around it in the app). */
export const hydratedPartMarkup = (markup: string): string => `<!--$-->${markup}<!--/$-->`;
