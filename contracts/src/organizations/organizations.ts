import { z } from 'zod';
import { ZOrganizationType } from '../identity/roles.ts';
import { ZLocale } from '../identity/users.ts';
import { ZRelationship, ZResource, zCollectionOf, zDocumentOf, type TQuerySpec } from '../jsonapi/jsonapi.ts';
import {
  ZDutchPostcode,
  ZDutchPostcodeInput,
  ZPhoneNumberInput,
  zDecimal,
  zHttpUrl,
} from '../validation/field-rules.ts';

/** Spec §3 Organization.status. */
export const ORGANIZATION_STATUSES = ['approved', 'pending', 'denied', 'archived'] as const;
export type TOrganizationStatus = (typeof ORGANIZATION_STATUSES)[number];
export const ZOrganizationStatus = z.enum(ORGANIZATION_STATUSES);

/**
 * Server-side status transitions (spec §4 leaves them open; docs/decisions/organizations.md).
 * Setting the status an organization already has is a no-op, not a transition.
 */
export const ORGANIZATION_STATUS_TRANSITIONS: Readonly<
  Record<TOrganizationStatus, readonly TOrganizationStatus[]>
> = Object.freeze({
  pending: ['approved', 'denied', 'archived'],
  // An approved organization is only ever archived (its vacancies and internships stay referable).
  approved: ['archived'],
  // A denial can be reconsidered: back to the queue, or approved at once.
  denied: ['pending', 'approved', 'archived'],
  archived: ['approved'],
});

export function canTransition(from: TOrganizationStatus, to: TOrganizationStatus): boolean {
  return ORGANIZATION_STATUS_TRANSITIONS[from].includes(to);
}

/** The event type of each target status (`pending` again means the request was reopened). */
export const STATUS_EVENT_TYPES = Object.freeze({
  approved: 'organizations.organization.approved',
  denied: 'organizations.organization.denied',
  archived: 'organizations.organization.archived',
  pending: 'organizations.organization.reopened',
} as const satisfies Record<TOrganizationStatus, string>);

export function normalizePostcode(postcode: string): string {
  const compact = postcode.replace(/\s+/g, '').toUpperCase();
  return compact.length === 6 ? `${compact.slice(0, 4)} ${compact.slice(4)}` : compact;
}

// ---------------------------------------------------------------------------------------------
// Resources (responses). The JSON:API `type` of an organization is its organization type (spec §3:
// "type: School, VolunteerCenter, NonProfit or Provider"; roles name it as `resourceType`).
// ---------------------------------------------------------------------------------------------

export const ZOrganizationAttributes = z.object({
  name: z.string(),
  status: ZOrganizationStatus,
  website: z.string().nullable(),
  city: z.string().nullable(),
  parent_id: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TOrganizationAttributes = z.infer<typeof ZOrganizationAttributes>;

export const ZOrganizationResource = ZResource.extend({
  type: ZOrganizationType,
  attributes: ZOrganizationAttributes,
  relationships: z.object({
    profile: ZRelationship,
    parent: ZRelationship,
    /** Present with `include=vacancies`: the published, not hidden vacancies (placements' events). */
    vacancies: ZRelationship.optional(),
    /** Present with `include=signup`; data only for moderators of the organization. */
    signup: ZRelationship.optional(),
    /**
     * Present with `include=compliance` (`organization_compliance`, compliance.ts): data only for
     * NonProfits and Providers, and only for their own admins and the tenant's school and centre admins.
     */
    compliance: ZRelationship.optional(),
  }),
});

export const ZProfileAttributes = z.object({
  name: z.string(),
  description: z.string().nullable(),
  website: z.string().nullable(),
  city: z.string().nullable(),
  address: z.string().nullable(),
  postcode: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  logo_url: z.string().nullable(),
  contact_name: z.string().nullable(),
  contact_email: z.string().nullable(),
  contact_phone: z.string().nullable(),
});
export type TProfileAttributes = z.infer<typeof ZProfileAttributes>;

export const ZSignupAttributes = z.object({
  admin_email: z.string(),
  admin_first_name: z.string(),
  admin_last_name: z.string(),
  locale: ZLocale,
  created_at: z.string(),
});

export type TOrganizationResource = z.infer<typeof ZOrganizationResource>;
export const ZOrganizationDocument = zDocumentOf(ZOrganizationResource);
export const ZOrganizationCollection = zCollectionOf(ZOrganizationResource);

// ---------------------------------------------------------------------------------------------
// Request bodies (snake_case, spec §7)
// ---------------------------------------------------------------------------------------------

const ZText = (max: number) => z.string().trim().max(max);
/** Optional text fields: `''` and `null` both clear the field. */
const ZOptionalText = (max: number) => ZText(max).nullable().optional();
const ZOptionalPhone = ZPhoneNumberInput.nullable().optional();
const ZHttpUrl = zHttpUrl(1000);
const ZOptionalUrl = z
  .union([z.literal(''), ZHttpUrl])
  .nullable()
  .optional();
const ZOptionalEmail = z
  .union([z.literal(''), z.email().max(254)])
  .nullable()
  .optional();

/** Profile fields an organization's admin (or a moderator) may set. */
export const ZProfileInput = z.object({
  name: z.string().trim().min(1).max(200),
  description: ZOptionalText(5000),
  website: ZOptionalUrl,
  city: ZOptionalText(100),
  address: ZOptionalText(200),
  postcode: ZDutchPostcodeInput.nullable().optional(),
  latitude: zDecimal(z.number().min(-90).max(90).nullable()).optional(),
  longitude: zDecimal(z.number().min(-180).max(180).nullable()).optional(),
  phone: ZOptionalPhone,
  email: ZOptionalEmail,
  logo_url: ZOptionalUrl,
  contact_name: ZOptionalText(200),
  contact_email: ZOptionalEmail,
  contact_phone: ZOptionalPhone,
});
export type TProfileInput = z.infer<typeof ZProfileInput>;

/** A resource type in a request: the organization type itself, or the generic `organization(s)`. */
export const ZOrganizationRequestType = z.union([
  ZOrganizationType,
  z.enum(['organization', 'organizations']),
]);

/** The first admin to invite (through identity) when a moderator creates an organization. */
const ZAdminInput = {
  admin_email: z.email().max(254).optional(),
  admin_first_name: z.string().trim().min(1).max(100).optional(),
  admin_last_name: z.string().trim().min(1).max(100).optional(),
  admin_locale: ZLocale.optional(),
};

export const ZOrganizationCreateBody = z.object({
  data: z.object({
    type: ZOrganizationRequestType,
    attributes: ZProfileInput.extend({
      /** Needed when `type` is the generic `organization`. */
      organization_type: ZOrganizationType.optional(),
      parent_id: z.uuid().nullable().optional(),
      ...ZAdminInput,
    }).strict(),
  }),
});

export const ZOrganizationUpdateBody = z.object({
  data: z.object({
    type: ZOrganizationRequestType,
    id: z.string().optional(),
    attributes: ZProfileInput.partial()
      .extend({
        status: ZOrganizationStatus.optional(),
        /** Shown to the applicant when a request is denied. */
        reason: z.string().trim().max(1000).optional(),
        /** Moving under another School or VolunteerCenter (deployment flag MOVE_ORGANIZATIONS). */
        parent_id: z.uuid().nullable().optional(),
      })
      .strict(),
  }),
});

/** `PUT /api/v1/organizations/{id}/approve`: `data{type, id, attributes{status}}` (spec §7). */
export const ZOrganizationApproveBody = z.object({
  data: z.object({
    type: ZOrganizationRequestType,
    id: z.string().optional(),
    attributes: z
      .object({ status: ZOrganizationStatus, reason: z.string().trim().max(1000).optional() })
      .strict(),
  }),
});

/** Public self-registration: a pending organization and its first admin (invited by identity). */
export const ZOrganizationSignupAttributes = z
  .object({
    organization_type: ZOrganizationType,
    name: z.string().trim().min(1).max(200),
    description: ZOptionalText(5000),
    website: ZOptionalUrl,
    city: z.string().trim().min(1).max(100),
    address: z.string().trim().min(1).max(200),
    postcode: ZDutchPostcode,
    phone: ZOptionalPhone,
    email: ZOptionalEmail,
    admin_email: z.email().max(254),
    admin_first_name: z.string().trim().min(1).max(100),
    admin_last_name: z.string().trim().min(1).max(100),
    /** The applicant's language for mail; default: the request's Accept-Language. */
    locale: ZLocale.optional(),
  })
  .strict();
export type TOrganizationSignupAttributes = z.infer<typeof ZOrganizationSignupAttributes>;

export const ZOrganizationSignupBody = z.object({
  data: z.object({
    type: z.enum(['organization_signup', 'organization_signups', 'organization', 'organizations']),
    attributes: ZOrganizationSignupAttributes,
  }),
});

/** What `include` may ask of an organization. */
export const ORGANIZATION_INCLUDES = ['profile', 'vacancies', 'signup', 'compliance'] as const;

/** GET /api/v1/organizations: what the organizations route accepts and the admin's list sends. */
export const ORGANIZATIONS_QUERY: TQuerySpec = {
  filters: {
    id: ['eq', 'in'],
    type: ['eq', 'in'],
    organization_type: ['eq', 'in'],
    status: ['eq', 'not_eq', 'in'],
    name: ['eq', 'cont'],
    city: ['eq', 'cont'],
    postcode: ['eq'],
    parent_id: ['eq', 'null'],
  },
  scopes: ['search'],
  sorts: ['name', 'city', 'status', 'type', 'organization_type', 'created_at', 'updated_at'],
  includes: ORGANIZATION_INCLUDES,
  defaultSort: 'name',
  maxPageSize: 100,
};
