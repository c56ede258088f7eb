import { z } from 'zod';
import { zCollectionOf, zDocumentOf, zRequestBodyOf, zResourceOf } from '../jsonapi/jsonapi.ts';
import { isBrin, isFederationIssuer, MAX_SCHOOL_BRINS } from './education-sso-policy.ts';

/**
 * Education single sign-on's configuration on the wire (docs/decisions/education-sso.md
 * "Configuration"): a school's BRIN codes and provisioning choice, the tenant's federation client.
 */

/** `/api/v1/education_sso_schools/{School id}`: the school's BRIN codes and whether unknown students get an account. */
export const ZEducationSsoSchoolInput = z.object({
  brins: z
    .array(
      z
        .string()
        .max(20)
        .refine(isBrin, { params: { i18nKey: 'api.education_sso_brin_invalid.detail' } }),
    )
    .max(MAX_SCHOOL_BRINS),
  provision_students: z.boolean(),
});
export type TEducationSsoSchoolInput = z.infer<typeof ZEducationSsoSchoolInput>;
export const ZEducationSsoSchoolBody = zRequestBodyOf('education_sso_school', ZEducationSsoSchoolInput);

export const ZEducationSsoSchoolAttributes = z.object({
  brins: z.array(z.string()),
  provision_students: z.boolean(),
  /** Null while the school registered nothing. */
  updated_at: z.string().nullable(),
});
export type TEducationSsoSchoolAttributes = z.infer<typeof ZEducationSsoSchoolAttributes>;
export const ZEducationSsoSchoolDocument = zDocumentOf(
  zResourceOf('education_sso_school', ZEducationSsoSchoolAttributes),
);

/**
 * `/api/v1/education_sso_federations/{tenant}`: the tenant's registration at the federation. The secret
 * is required the first time; left out, the stored one stays. It is never returned.
 */
export const ZEducationSsoFederationInput = z.object({
  issuer: z
    .string()
    .max(500)
    .refine(isFederationIssuer, { params: { i18nKey: 'api.education_sso_issuer_invalid.detail' } }),
  client_id: z.string().trim().min(1).max(200),
  client_secret: z.string().min(1).max(1000).optional(),
});
export type TEducationSsoFederationInput = z.infer<typeof ZEducationSsoFederationInput>;
export const ZEducationSsoFederationBody = zRequestBodyOf(
  'education_sso_federation',
  ZEducationSsoFederationInput,
);

/** Whose registration serves the tenant: its own, the installation's configuration, or none (not offered). */
export const EDUCATION_SSO_FEDERATION_SOURCES = ['tenant', 'installation', 'none'] as const;
export type TEducationSsoFederationSource = (typeof EDUCATION_SSO_FEDERATION_SOURCES)[number];

export const ZEducationSsoFederationAttributes = z.object({
  source: z.enum(EDUCATION_SSO_FEDERATION_SOURCES),
  issuer: z.string().nullable(),
  client_id: z.string().nullable(),
  /** Whether a secret is set; the secret itself never leaves the server. */
  client_secret_set: z.boolean(),
  updated_at: z.string().nullable(),
});
export type TEducationSsoFederationAttributes = z.infer<typeof ZEducationSsoFederationAttributes>;
const ZEducationSsoFederationResource = zResourceOf(
  'education_sso_federation',
  ZEducationSsoFederationAttributes,
);
export const ZEducationSsoFederationDocument = zDocumentOf(ZEducationSsoFederationResource);
export const ZEducationSsoFederationCollection = zCollectionOf(ZEducationSsoFederationResource);
