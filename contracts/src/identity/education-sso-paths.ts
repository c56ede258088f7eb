/**
 * Education single sign-on's addresses and error reasons, without zod: the portal's Kennisnet pages
 * import these (education-sso.ts re-exports them with the schemas identity uses).
 */

/** Where the portal starts the flow (`?redirect_url=` its success page on the same origin). */
export const EDUCATION_SSO_START_PATH = '/auth/kennisnet';
/** The registered redirect URI's path: the federation sends the browser back here with the code. */
export const EDUCATION_SSO_CALLBACK_PATH = '/auth/kennisnet/callback';
/** The portal confirms linking a known account here (POST, credentials come back in the headers). */
export const EDUCATION_SSO_LINK_PATH = '/auth/kennisnet/link';
/** The portal's pages the flow ends on. */
export const EDUCATION_SSO_SUCCESS_PAGE = '/inloggen/kennisnet/success';
export const EDUCATION_SSO_ERROR_PAGE = '/inloggen/kennisnet/error';
export const EDUCATION_SSO_LINK_PAGE = '/inloggen/kennisnet/koppelen';

/**
 * Why a sign-in ended on `/inloggen/kennisnet/error?error=<reason>` (each has its nl/en explanation;
 * `wrong_center` shows the 403 screen of spec §8).
 */
export const EDUCATION_SSO_ERRORS = [
  'consent_missing',
  'unknown_school',
  'wrong_center',
  'account_inactive',
  'expired',
  'cancelled',
  'unavailable',
] as const;
export type TEducationSsoError = (typeof EDUCATION_SSO_ERRORS)[number];

export const isEducationSsoError = (value: unknown): value is TEducationSsoError =>
  typeof value === 'string' && (EDUCATION_SSO_ERRORS as readonly string[]).includes(value);
