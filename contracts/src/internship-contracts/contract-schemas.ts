import { z } from 'zod';
import { ZRichTextDocument } from '../content/content.ts';
import { zCollectionOf, zDocumentOf, zRequestBodyOf, zResourceOf } from '../jsonapi/jsonapi.ts';
import { zDate } from '../validation/dates.ts';
import {
  COMPANY_FIELD_KEY,
  COMPANY_FIELD_KINDS,
  CONTRACT_ADMIN_ACTIONS,
  CONTRACT_SEAL_STATES,
  CONTRACT_LIMITS as L,
  CONTRACT_STATUSES,
  SIGNER_ROLES,
  SIGNER_STATES,
} from './contract-rules.ts';

/**
 * Wire schemas of internship contracts (issue #34, docs/decisions/internship-contracts.md):
 * - `/api/v1/contract_templates`: a school's templates; `POST` makes one with its first draft,
 *   `PATCH` renames, `POST /{id}/drafts` a new draft from the published version;
 * - `/api/v1/contract_template_versions/{id}`: a version (bodies nl/en, company fields, signers);
 *   `PATCH` changes a draft (variables checked: 422), `POST /{id}/publish` validates and publishes
 *   (immutable since), `GET /{id}/preview` the text filled with a sample internship;
 * - `/api/v1/contracts`: generated contracts; `POST` generates one for an internship, `PATCH` a draft's
 *   birth date, `POST /{id}/release`, `/{id}/void`, `/{id}/company_fields`.
 */

export * from './contract-rules.ts';

export const ZContractStatus = z.enum(CONTRACT_STATUSES);
export type TContractStatusWire = z.infer<typeof ZContractStatus>;
export const ZSignerRole = z.enum(SIGNER_ROLES);
export const ZSignerState = z.enum(SIGNER_STATES);
export const ZCompanyFieldKind = z.enum(COMPANY_FIELD_KINDS);

export const ZTemplateSigner = z
  .object({ role: ZSignerRole, order: z.number().int().min(1).max(L.signerOrder) })
  .strict();

export const ZCompanyField = z
  .object({
    key: z.string().regex(COMPANY_FIELD_KEY),
    label: z
      .object({
        nl: z.string().trim().min(1).max(L.fieldLabel),
        en: z.string().trim().max(L.fieldLabel).default(''),
      })
      .strict(),
    kind: ZCompanyFieldKind,
    required: z.boolean().default(true),
  })
  .strict();

// --- Templates -------------------------------------------------------------------------------------

export const ZContractTemplateCreate = z
  .object({ name: z.string().trim().min(1).max(L.templateName) })
  .strict();
export const ZContractTemplateCreateBody = zRequestBodyOf('contract_template', ZContractTemplateCreate);
export const ZContractTemplateUpdateBody = zRequestBodyOf(
  'contract_template',
  z.object({ name: z.string().trim().min(1).max(L.templateName) }).strict(),
);

export const ZContractTemplateAttributes = z.object({
  name: z.string(),
  school_id: z.uuid(),
  published_version: z.number().int().nullable(),
  published_version_id: z.uuid().nullable(),
  published_at: z.string().nullable(),
  draft_version: z.number().int().nullable(),
  draft_version_id: z.uuid().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export const ZContractTemplateResource = zResourceOf('contract_template', ZContractTemplateAttributes);
export type TContractTemplateResource = z.infer<typeof ZContractTemplateResource>;
/** One template; `included` holds its published version and draft (`contract_template_version`). */
export const ZContractTemplateDocument = zDocumentOf(ZContractTemplateResource);
export const ZContractTemplateCollection = zCollectionOf(ZContractTemplateResource);

export const CONTRACT_TEMPLATE_VERSION_STATES = ['draft', 'published'] as const;
export const ZContractTemplateVersionState = z.enum(CONTRACT_TEMPLATE_VERSION_STATES);
export type TContractTemplateVersionState = z.infer<typeof ZContractTemplateVersionState>;

/** A draft's content as the editor sends it (every part optional: what is left out stays). */
export const ZContractTemplateVersionUpdate = z
  .object({
    body_nl: ZRichTextDocument.optional(),
    body_en: ZRichTextDocument.optional(),
    company_fields: z.array(ZCompanyField).max(L.companyFields).optional(),
    signers: z.array(ZTemplateSigner).max(SIGNER_ROLES.length).optional(),
  })
  .strict();
export type TContractTemplateVersionUpdate = z.infer<typeof ZContractTemplateVersionUpdate>;
export const ZContractTemplateVersionUpdateBody = zRequestBodyOf(
  'contract_template_version',
  ZContractTemplateVersionUpdate,
);

export const ZContractTemplateVersionAttributes = z.object({
  template_id: z.uuid(),
  school_id: z.uuid(),
  name: z.string(),
  version: z.number().int(),
  state: ZContractTemplateVersionState,
  body_nl: ZRichTextDocument,
  body_en: ZRichTextDocument,
  company_fields: z.array(ZCompanyField),
  signers: z.array(ZTemplateSigner),
  published_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TContractTemplateVersionAttributes = z.infer<typeof ZContractTemplateVersionAttributes>;
export const ZContractTemplateVersionResource = zResourceOf(
  'contract_template_version',
  ZContractTemplateVersionAttributes,
);
export type TContractTemplateVersionResource = z.infer<typeof ZContractTemplateVersionResource>;
export const ZContractTemplateVersionDocument = zDocumentOf(ZContractTemplateVersionResource);

/** The preview (`contract_preview`, id: the version's): the bodies as sanitized HTML, sample values filled. */
export const ZContractPreviewDocument = zDocumentOf(
  zResourceOf(
    'contract_preview',
    z.object({
      html_nl: z.string(),
      html_en: z.string(),
      variables: z.record(z.string(), z.string().nullable()),
    }),
  ),
);

// --- Contracts -------------------------------------------------------------------------------------

export const ZContractCreate = z
  .object({
    internship_id: z.uuid(),
    /** Default: the school's most recently published template. */
    template_id: z.uuid().optional(),
    /** The student's birth date (decides the parent or guardian; `{{student.birth_date}}`). */
    student_birth_date: zDate().nullable().optional(),
  })
  .strict();
export type TContractCreate = z.infer<typeof ZContractCreate>;
export const ZContractCreateBody = zRequestBodyOf('contract', ZContractCreate);

export const ZContractUpdateBody = zRequestBodyOf(
  'contract',
  z.object({ student_birth_date: zDate().nullable() }).strict(),
);
export const ZContractVoidBody = zRequestBodyOf(
  'contract',
  z.object({ reason: z.string().trim().min(1).max(L.voidReason) }).strict(),
);
export const ZContractCompanyFieldsBody = zRequestBodyOf(
  'contract',
  z.object({ company_values: z.record(z.string(), z.string().max(L.fieldValue)) }).strict(),
);

export const ZContractSigner = z.object({
  id: z.uuid(),
  role: ZSignerRole,
  order: z.number().int(),
  state: ZSignerState,
  /** Whether it is this signer's turn now (contracts' `signersToAct`). */
  to_act: z.boolean(),
  name: z.string().nullable(),
  /** Whether the signer can be mailed (an account, or an address given): never the address itself. */
  email_known: z.boolean(),
  signed_at: z.string().nullable(),
});
export type TContractSigner = z.infer<typeof ZContractSigner>;

export const ZContractAttributes = z.object({
  internship_id: z.uuid(),
  school_id: z.uuid(),
  organization_id: z.uuid().nullable(),
  student_id: z.uuid(),
  template_id: z.uuid(),
  template_version_id: z.uuid(),
  template_version: z.number().int(),
  status: ZContractStatus,
  /** The seal of a signed contract (`failed`: every automatic attempt failed; null before signed). */
  seal_state: z.enum(CONTRACT_SEAL_STATES).nullable(),
  /** The last failed attempt's error (for the school's admins), and how many attempts were made. */
  seal_error: z.string().nullable(),
  seal_attempts: z.number().int(),
  void_reason: z.string().nullable(),
  voided_at: z.string().nullable(),
  student_name: z.string(),
  organization_name: z.string().nullable(),
  internship_title: z.string(),
  student_birth_date: z.string().nullable(),
  /** Who must act next (contracts' `contractNextActors`). */
  next_actors: z.array(z.enum([...SIGNER_ROLES, 'school'])),
  signers: z.array(ZContractSigner),
  company_fields: z.array(ZCompanyField),
  company_values: z.record(z.string(), z.string()),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TContractAttributes = z.infer<typeof ZContractAttributes>;

/** The read view adds the frozen text and the variables' values. */
export const ZContractDetailAttributes = ZContractAttributes.extend({
  html_nl: z.string(),
  html_en: z.string(),
  variables: z.record(z.string(), z.string().nullable()),
});

/** `meta` of one contract: what the caller may do with it (the server's policy). */
export const ZContractMeta = z.object({
  actions: z.array(z.enum(CONTRACT_ADMIN_ACTIONS)),
  may_fill_company_fields: z.boolean(),
  /** The signers the caller may sign as while signed in (contract-signing's `maySignAs`), not signed yet. */
  sign_as: z.array(z.uuid()),
  /** Whether the caller may download the sealed PDF (contracts' `mayDownloadContract`). */
  may_download: z.boolean(),
  /** The signers the caller may give an address (contract-signing's `maySetSignerAddress`). */
  set_address: z.array(z.uuid()),
});
export type TContractMeta = z.infer<typeof ZContractMeta>;

export const ZContractResource = zResourceOf('contract', ZContractAttributes);
export type TContractResource = z.infer<typeof ZContractResource>;
export const ZContractDetailResource = zResourceOf('contract', ZContractDetailAttributes).extend({
  meta: ZContractMeta,
});
export type TContractDetailResource = z.infer<typeof ZContractDetailResource>;
export const ZContractDocument = zDocumentOf(ZContractDetailResource);
export const ZContractCollection = zCollectionOf(ZContractResource);

export const ZContractListQuery = z
  .object({
    'filter[internship_id]': z.uuid().optional(),
    'filter[status]': ZContractStatus.optional(),
    /** `failed`: the signed contracts whose seal failed (the admins' list). */
    'filter[seal_state]': z.enum(CONTRACT_SEAL_STATES).optional(),
  })
  .strict();
