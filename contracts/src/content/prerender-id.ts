/**
 * The id of the script element with the gateway's prerendered data (prerender.ts). A module of its
 * own: the portal's first download checks for it and loads the rest only when it is there.
 */
export const PRERENDER_DATA_ID = 'stageplein-prerender';
