import { z } from 'zod';
import {
  ADMIN_USER_PAGE_SIZE,
  ZRelationship,
  ZResource,
  zCollectionOf,
  zDocumentOf,
  zResourceOf,
  type TQuerySpec,
} from '../jsonapi/jsonapi.ts';
import { ZOrganizationType, ZRoleName } from './roles.ts';
import { ZPhoneNumberInput } from '../validation/field-rules.ts';

/** Spec §3 User.status and User.gender. */
export const USER_STATUSES = ['active', 'invited', 'inactive', 'archived'] as const;
export type TUserStatus = (typeof USER_STATUSES)[number];
export const ZUserStatus = z.enum(USER_STATUSES);

export const GENDERS = ['male', 'female', 'other'] as const;
export type TGender = (typeof GENDERS)[number];
export const ZGender = z.enum(GENDERS);

/** How often the periodic summary mail is sent (profile page "periodieke mail"). */
export const PERIODIC_MAIL_FREQUENCIES = ['never', 'daily', 'weekly', 'monthly'] as const;
export const ZPeriodicMailFrequency = z.enum(PERIODIC_MAIL_FREQUENCIES);

export const ZLocale = z.enum(['nl', 'en']);

/** Personal settings (profile page "instellingen"); extended without migrations (jsonb). */
export const ZUserSettings = z.object({
  email_notifications: z.boolean(),
});
export type TUserSettings = z.infer<typeof ZUserSettings>;
export const DEFAULT_USER_SETTINGS: TUserSettings = Object.freeze({ email_notifications: true });

/** Passwords: devise's default bounds. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const ZPassword = z.string().min(PASSWORD_MIN_LENGTH).max(PASSWORD_MAX_LENGTH);

const ZName = z.string().trim().min(1).max(100);
const ZEmail = z.string().trim().toLowerCase().pipe(z.email().max(254));

// ---------------------------------------------------------------------------------------------
// Resources (responses)
// ---------------------------------------------------------------------------------------------

export const ZUserAttributes = z.object({
  email: z.string(),
  /** devise_token_auth uid: the email the account signs in with. */
  uid: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  gender: ZGender.nullable(),
  status: ZUserStatus,
  locale: ZLocale,
  phone_number: z.string().nullable(),
  settings: ZUserSettings,
  periodic_mail_frequency: ZPeriodicMailFrequency,
  confirmed_at: z.string().nullable(),
  last_sign_in_at: z.string().nullable(),
  deletion_requested_at: z.string().nullable(),
  /** A new address waiting for its confirmation (issue #12); the email changes once it is confirmed. */
  unconfirmed_email: z.string().nullable(),
  /** Highest role rank anywhere and number of organizations (users-policy.ts TUserRoleFacts). */
  highest_role_rank: z.number().int().nonnegative(),
  organization_count: z.number().int().nonnegative(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TUserAttributes = z.infer<typeof ZUserAttributes>;

export const ZRoleAttributes = z.object({
  name: ZRoleName,
  resource_type: ZOrganizationType,
  resource_id: z.string(),
  created_at: z.string(),
});
export type TRoleAttributes = z.infer<typeof ZRoleAttributes>;

/** GET /api/v1/users: what identity's route accepts and the admin's user lists send. */
export const USERS_QUERY: TQuerySpec = {
  filters: {
    // react-admin getMany (admin-ui): several users by id, still only those this caller may list.
    id: ['in'],
    organization_id: ['eq'],
    email: ['eq', 'cont'],
    first_name: ['eq', 'cont'],
    last_name: ['eq', 'cont'],
    status: ['eq', 'in'],
  },
  scopes: ['with_role', 'search'],
  sorts: ['last_name', 'first_name', 'email', 'created_at'],
  includes: ['roles', 'organizations'],
  defaultSort: 'last_name,first_name',
  // Spec §9: the admin user list asks for 1000 at once.
  maxPageSize: ADMIN_USER_PAGE_SIZE,
};

export const ZUserResource = zResourceOf('user', ZUserAttributes).extend({
  relationships: z.object({ roles: ZRelationship, organizations: ZRelationship }),
});
export const ZRoleResource = zResourceOf('role', ZRoleAttributes);
export type TUserResource = z.infer<typeof ZUserResource>;
export type TRoleResource = z.infer<typeof ZRoleResource>;

export const ZUserDocument = zDocumentOf(ZUserResource);
export const ZUserCollection = zCollectionOf(ZUserResource);
export const ZRoleDocument = zDocumentOf(ZRoleResource);
/** Documents that only carry a message (sign-out, reset requested…). */
export const ZMetaDocument = z.object({ meta: z.record(z.string(), z.unknown()) });
export { ZResource };

// ---------------------------------------------------------------------------------------------
// Request bodies (snake_case, spec §7)
// ---------------------------------------------------------------------------------------------

export const ZSignInBody = z.object({
  email: z.string().trim().min(1).max(254),
  password: z.string().min(1).max(1024),
});

export const ZPasswordResetRequestBody = z.object({
  email: z.string().trim().min(1).max(254),
  /** Where the mailed link leads (the front end's reset page); must be on the tenant's allow-list. */
  redirect_url: z.string().max(2000).optional(),
});

export const ZPasswordUpdateBody = z.object({
  password: ZPassword,
  password_confirmation: z.string().max(PASSWORD_MAX_LENGTH),
  reset_password_token: z.string().min(1).max(200).optional(),
});

export const ZConfirmBody = z.object({
  confirmation_token: z.string().min(1).max(200),
  /** Invited users choose their password while confirming. */
  password: ZPassword.optional(),
  password_confirmation: z.string().max(PASSWORD_MAX_LENGTH).optional(),
});

/** Fields a user may change about themselves. Email needs the current password. */
export const ZCurrentUserChanges = z
  .object({
    first_name: ZName,
    last_name: ZName,
    gender: ZGender.nullable(),
    locale: ZLocale,
    phone_number: ZPhoneNumberInput.nullable(),
    settings: ZUserSettings.partial(),
    periodic_mail_frequency: ZPeriodicMailFrequency,
    email: ZEmail,
    current_password: z.string().max(1024),
  })
  .partial()
  .strict();
export type TCurrentUserChanges = z.infer<typeof ZCurrentUserChanges>;

/** `PATCH /api/v1/current_user` takes `{ user: {...} }` (spec §7) or a JSON:API document. */
export const ZCurrentUserUpdateBody = z.union([
  z.object({ user: ZCurrentUserChanges }),
  z.object({
    data: z.object({ type: z.literal('user'), id: z.string().optional(), attributes: ZCurrentUserChanges }),
  }),
]);

const ZUserType = z.enum(['user', 'users']);

/** Invitation: the user gets status invited and a confirmation mail; optionally a role here. */
export const ZUserCreateAttributes = z
  .object({
    email: ZEmail,
    first_name: ZName.optional(),
    last_name: ZName.optional(),
    gender: ZGender.nullable().optional(),
    locale: ZLocale.optional(),
    phone_number: ZPhoneNumberInput.nullable().optional(),
    /** Role on `organization_id` (default: the current organization). */
    role: ZRoleName.optional(),
    organization_id: z.uuid().optional(),
  })
  .strict();
export const ZUserCreateBody = z.object({
  data: z.object({ type: ZUserType, attributes: ZUserCreateAttributes }),
});

export const ZUserUpdateAttributes = z
  .object({
    first_name: ZName,
    last_name: ZName,
    gender: ZGender.nullable(),
    locale: ZLocale,
    phone_number: ZPhoneNumberInput.nullable(),
    status: z.enum(['active', 'inactive', 'archived']),
    email: ZEmail,
  })
  .partial()
  .strict();
/** `PATCH /api/v1/users/{id}`: "attributes" (spec §7), bare or inside a JSON:API document. */
export const ZUserUpdateBody = z.union([
  z.object({
    data: z.object({ type: ZUserType, id: z.string().optional(), attributes: ZUserUpdateAttributes }),
  }),
  z.object({ attributes: ZUserUpdateAttributes }),
  z.object({ user: ZUserUpdateAttributes }),
]);

export const ZRoleInput = z.object({
  name: ZRoleName,
  resource_type: ZOrganizationType.optional(),
  /** Default: the current organization. */
  resource_id: z.uuid().optional(),
});
/** "role data" of add_role/remove_role: `{ role: {...} }`, a JSON:API document, or the bare fields. */
export const ZRoleBody = z.union([
  z.object({ role: ZRoleInput }),
  z.object({ data: z.object({ type: z.enum(['role', 'roles']), attributes: ZRoleInput }) }),
  ZRoleInput,
]);

export const ZSignInAsUserBody = z.object({
  data: z.object({
    type: z.string().min(1),
    id: z.uuid().optional(),
    attributes: z.object({ user_id: z.uuid() }).partial().optional(),
  }),
});

export const ZPasswordlessRequestBody = z.object({ email: z.string().trim().min(1).max(254) });
export const ZPasswordlessSignInBody = z.union([
  z.object({ token: z.string().min(1).max(200) }),
  z.object({ email: z.string().trim().min(1).max(254), code: z.string().regex(/^\d{6}$/) }),
]);

export const ZAccountDeletionRequestBody = z.object({ email: z.string().trim().min(1).max(254) });
export const ZAccountDeletionConfirmBody = z.object({ token: z.string().min(1).max(200) });
