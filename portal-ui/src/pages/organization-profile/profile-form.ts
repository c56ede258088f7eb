import type { TFieldValue, TRule } from '@stageplein/design-system/forms/field-rules.ts';
import { rules } from '@stageplein/design-system/forms/field-rules.ts';

/**
 * An organization's profile as a form (signup and `/instellingen/organisatie`): the fields the
 * organizations API takes (contracts/organizations/organizations.ts `ZProfileInput`), with its limits.
 */
export const PROFILE_FIELDS = [
  'name',
  'address',
  'postcode',
  'city',
  'website',
  'phone',
  'email',
  'description',
] as const;
export type TProfileField = (typeof PROFILE_FIELDS)[number];
export type TProfileValues = Record<TProfileField, string>;

export const emptyProfile = (): TProfileValues =>
  Object.fromEntries(PROFILE_FIELDS.map((f) => [f, ''])) as TProfileValues;

/** The form's values of a profile as the API answers it (absent fields empty). */
export function profileValuesOf(profile: Partial<Record<TProfileField, string | null>>): TProfileValues {
  return Object.fromEntries(PROFILE_FIELDS.map((f) => [f, profile[f] ?? ''])) as TProfileValues;
}

/**
 * Rules per field. The signup requires an address (the API does: a pending organization must be
 * findable); an existing profile may clear it (blank clears a field on the API).
 */
export function profileRules(addressRequired: boolean): Record<TProfileField, readonly TRule[]> {
  const needed = addressRequired ? [rules.required()] : [];
  return {
    name: [rules.required(), rules.maxLength(200)],
    address: [...needed, rules.maxLength(200)],
    postcode: [...needed, rules.postcode()],
    city: [...needed, rules.maxLength(100)],
    website: [rules.url(), rules.maxLength(1000)],
    phone: [rules.maxLength(30), rules.phoneNumber()],
    email: [rules.email(), rules.maxLength(254)],
    description: [rules.maxLength(5000)],
  };
}

const trimmed = (v: TFieldValue) => (typeof v === 'string' ? v.trim() : '');

/**
 * The profile's attributes for the API (camelCase; the client sends snake_case): trimmed; optional
 * fields left empty are left out when `omitEmpty` (signup), sent as '' to clear them otherwise.
 */
export function profileAttributes(
  values: Readonly<Record<string, TFieldValue>>,
  { omitEmpty }: { omitEmpty: boolean },
): Partial<TProfileValues> {
  const out: Partial<TProfileValues> = {};
  for (const f of PROFILE_FIELDS) {
    const v = trimmed(values[f]);
    if (v !== '' || !omitEmpty) out[f] = v;
  }
  return out;
}
