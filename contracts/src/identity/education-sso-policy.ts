import type { TPermissions } from './permissions.ts';
import { isPlatformOperator, type TCurrentOrganizationFacts } from '../organizations/moderation.ts';
import { managesSchool } from '../organizations/organizations-policy.ts';

/**
 * Who configures education single sign-on (docs/decisions/education-sso.md "Configuration"), and the
 * values' rules, without zod: identity's routes, the portal's school settings and the back office's
 * federation screen ask the same functions.
 */

/** A school's BRIN codes and its provisioning choice: an admin of that very School, acting for it while approved. */
export const mayConfigureSchoolSso = (
  permissions: TPermissions,
  current: TCurrentOrganizationFacts | null | undefined,
  schoolId: string,
): boolean => !!current && managesSchool(permissions, { current, schoolId });

/** The tenant's federation issuer and client: its platform operators only. */
export const mayConfigureFederation = (
  permissions: TPermissions,
  current: TCurrentOrganizationFacts | null | undefined,
): boolean => isPlatformOperator(permissions, current);

/** At most this many BRIN codes per school (a school with several registrations, e.g. after a merger). */
export const MAX_SCHOOL_BRINS = 20;

/** The BRIN as stored and compared: trimmed, upper case (the federation may send it in lower case). */
export const normalizeBrin = (value: string): string => value.trim().toUpperCase();

/** BRIN codes as a person types them: separated by commas, semicolons or spaces. */
export const splitBrins = (text: string): string[] =>
  text
    .split(/[\s,;]+/)
    .map((part) => part.trim())
    .filter(Boolean);

/** A school's BRIN as Entree's `nlEduPersonHomeOrganizationId` carries it: two digits and two letters. */
export const isBrin = (value: string): boolean => /^[0-9]{2}[A-Z]{2}$/.test(normalizeBrin(value));

/**
 * A federation issuer: an https URL without credentials, query or fragment; plain http only to this
 * machine (the local stand-in), which the server refuses in production as well.
 */
export function isFederationIssuer(value: string): boolean {
  if (!URL.canParse(value.trim())) return false;
  const url = new URL(value.trim());
  if (url.username || url.password || url.search || url.hash) return false;
  if (url.protocol === 'https:') return url.hostname.length > 0;
  return url.protocol === 'http:' && isLocalHost(url.hostname);
}

export const isLocalHost = (hostname: string): boolean => /^(localhost|127\.0\.0\.1|\[::1\])$/.test(hostname);
