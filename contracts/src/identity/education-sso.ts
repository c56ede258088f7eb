import { z } from 'zod';
import { TENANT_IDS } from '../tenants/tenant.types.ts';

/**
 * Education single sign-on through the national federation (Kennisnet's Entree) with OpenID Connect
 * (issue #36 item 1; docs/decisions/education-sso.md). Identity serves the flow; the portal's Kennisnet
 * screens start it and show where it ends.
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

/** The scope asking for Entree's attributes (besides `openid`). */
export const ENTREE_SCOPE = 'openid entree';

/**
 * The federation's attributes as OpenID claims (Entree's names): the pseudonymous `uid` (hash@realm),
 * the school's BRIN, the role; the rest only where the school signed an attribute release.
 */
export const ZEntreeClaims = z.object({
  uid: z.string().min(1),
  nlEduPersonHomeOrganizationId: z.string().min(1),
  eduPersonAffiliation: z.union([z.string(), z.array(z.string())]),
  nlEduPersonHomeOrganization: z.string().optional(),
  givenName: z.string().optional(),
  sn: z.string().optional(),
  mail: z.string().optional(),
  nlEduPersonRealId: z.string().optional(),
  eckId: z.string().optional(),
});
export type TEntreeClaims = z.infer<typeof ZEntreeClaims>;

/** The attributes without which nobody can be recognised (their absence: consent missing). */
export const ENTREE_REQUIRED_CLAIMS = [
  'uid',
  'nlEduPersonHomeOrganizationId',
  'eduPersonAffiliation',
] as const;

/** Entree's affiliations: `student` signs in as a student, the others as school staff. */
export function isStudentAffiliation(affiliation: string | readonly string[]): boolean {
  const values = typeof affiliation === 'string' ? [affiliation] : affiliation;
  return values.some((v) => v.trim().toLowerCase() === 'student');
}

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

/** POST /auth/kennisnet/link: the pending link and the known account's password (the confirmation). */
export const ZEducationSsoLinkBody = z.object({
  link_token: z.string().min(1).max(200),
  email: z.string().trim().min(1).max(254),
  password: z.string().min(1).max(1000),
});

/**
 * The demo School's BRIN in tenant `tenant` (embedded profile and tests: identity's seed registers it,
 * the local stand-in for the federation releases it): two digits and two letters, one per tenant.
 */
export function demoSchoolBrin(tenant: string): string {
  const index = (TENANT_IDS as readonly string[]).indexOf(tenant);
  if (index < 0) throw new Error(`unknown tenant ${tenant}`);
  return `${10 + index}SP`;
}
