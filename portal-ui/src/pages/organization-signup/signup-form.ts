import type { TFieldValue } from '@stageplein/design-system/forms/field-rules.ts';
import { rules } from '@stageplein/design-system/forms/field-rules.ts';
import { emptyProfile, profileAttributes, profileRules } from '../organization-profile/profile-form.ts';

export const SIGNUP_PATH = '/api/v1/organizations/signup';
export const SIGNUP_SUCCESS_PATH = '/organizations/signup/success';

/** Who registers here: companies and organizations that offer places (schools are set up by operators). */
export const SIGNUP_TYPES = ['Provider', 'NonProfit'] as const;

export const signupInitialValues = () => ({
  organizationType: 'Provider' as string,
  ...emptyProfile(),
  adminFirstName: '',
  adminLastName: '',
  adminEmail: '',
});
export type TSignupValues = ReturnType<typeof signupInitialValues>;

/** The form's rules: the API's (ZOrganizationSignupAttributes), checked on blur and on submit. */
export const signupRules = {
  organizationType: [rules.required(), rules.oneOf(SIGNUP_TYPES)],
  ...profileRules(true),
  adminFirstName: [rules.required(), rules.maxLength(100)],
  adminLastName: [rules.required(), rules.maxLength(100)],
  adminEmail: [rules.required(), rules.email(), rules.maxLength(254)],
};

const trimmed = (v: TFieldValue) => (typeof v === 'string' ? v.trim() : '');

/** `POST /api/v1/organizations/signup`'s body; mail to the applicant goes out in `locale`. */
export function signupBody(values: Readonly<Record<string, TFieldValue>>, locale: 'nl' | 'en') {
  return {
    data: {
      type: 'organization_signup',
      attributes: {
        organizationType: trimmed(values.organizationType),
        ...profileAttributes(values, { omitEmpty: true }),
        adminFirstName: trimmed(values.adminFirstName),
        adminLastName: trimmed(values.adminLastName),
        adminEmail: trimmed(values.adminEmail).toLowerCase(),
        locale,
      },
    },
  };
}
