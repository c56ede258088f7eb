import type { TFieldValue } from '@stageplein/design-system/forms/field-rules.ts';
import { rules } from '@stageplein/design-system/forms/field-rules.ts';

export const SELF_FOUND_PATH = '/api/v1/internships/self_found';

export const selfFoundInitialValues = () => ({
  title: '',
  description: '',
  startDate: '',
  endDate: '',
  organizationName: '',
  organizationAddress: '',
  organizationPostcode: '',
  organizationCity: '',
  organizationWebsite: '',
  contactName: '',
  contactEmail: '',
  contactPhone: '',
});
export type TSelfFoundValues = ReturnType<typeof selfFoundInitialValues>;

/** The API's rules (contracts' ZSelfFoundAttributes), checked on blur and on submit (spec §5). */
export const selfFoundRules = {
  title: [rules.required(), rules.maxLength(200)],
  description: [rules.maxLength(5000)],
  startDate: [rules.required()],
  endDate: [rules.required(), rules.notBefore('startDate')],
  organizationName: [rules.required(), rules.maxLength(200)],
  organizationAddress: [rules.required(), rules.maxLength(200)],
  organizationPostcode: [rules.required(), rules.postcode()],
  organizationCity: [rules.required(), rules.maxLength(100)],
  organizationWebsite: [rules.url(), rules.maxLength(1000)],
  contactName: [rules.required(), rules.maxLength(200)],
  contactEmail: [rules.required(), rules.email(), rules.maxLength(254)],
  contactPhone: [rules.phoneNumber()],
};

const trimmed = (v: TFieldValue) => (typeof v === 'string' ? v.trim() : '');

/** `POST /api/v1/internships/self_found`'s body (the client sends the keys in snake_case). */
export function selfFoundBody(values: Readonly<Record<string, TFieldValue>>) {
  const attributes: Record<string, string | null> = {};
  for (const key of Object.keys(selfFoundInitialValues())) attributes[key] = trimmed(values[key]);
  attributes.description = attributes.description || null;
  attributes.organizationWebsite = attributes.organizationWebsite || null;
  attributes.contactPhone = attributes.contactPhone || null;
  return { data: { type: 'self_found_internship', attributes } };
}
