import { z } from 'zod';
import { TENANT_IDS } from '../tenants/tenant.types.ts';

export * from './education-sso-paths.ts';

/**
 * Education single sign-on through the national federation (Kennisnet's Entree) with OpenID Connect
 * (issue #36 item 1; docs/decisions/education-sso.md). Identity serves the flow; the portal's Kennisnet
 * screens start it and show where it ends.
 */

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
