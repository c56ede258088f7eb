import { z } from 'zod';

/**
 * Field rules both ends apply (issue #13: a field message says what is wrong, and the server
 * refuses what the form refuses): the same function in the form's check and in the API's schema.
 */

/**
 * A telephone number as people write it: an optional leading +, then digits with spaces, dashes,
 * dots, slashes or parentheses between them; 8 to 15 digits (E.164's maximum). "abc", "12" and
 * "06-1234-abcd" are not.
 */
export function isPhoneNumber(value: string): boolean {
  const text = value.trim();
  if (!/^\+?[0-9(][0-9 ().\-/]*[0-9]$/.test(text)) return false;
  const digits = text.replace(/\D/g, '').length;
  return digits >= 8 && digits <= 15;
}

/** Dutch postcode, "1234 AB" (space and case free; `normalizePostcode` in organizations tidies it). */
export const DUTCH_POSTCODE = /^[1-9][0-9]{3} ?[A-Za-z]{2}$/;

export const isDutchPostcode = (value: string): boolean => DUTCH_POSTCODE.test(value.trim());

/** True when both dates are known and the end lies before the start (ISO dates: `YYYY-MM-DD…`). */
export function isEndBeforeStart(start: unknown, end: unknown): boolean {
  return typeof start === 'string' && typeof end === 'string' && start !== '' && end !== '' && end < start;
}

/** Catalogue keys of these rules' messages (nl + en in `i18n/`). */
export const FIELD_RULE_MESSAGES = {
  phoneNumber: 'validation.phoneNumber',
  endBeforeStart: 'validation.endBeforeStart',
  postcode: 'validation.postcode',
} as const;

/** A Dutch postcode in an API body (trimmed). */
export const ZDutchPostcode = z
  .string()
  .trim()
  .refine(isDutchPostcode, { params: { i18nKey: FIELD_RULE_MESSAGES.postcode } });

/** An optional postcode field: empty (clears it) or a Dutch postcode. */
export const ZDutchPostcodeInput = z
  .string()
  .trim()
  .refine((v) => v === '' || isDutchPostcode(v), { params: { i18nKey: FIELD_RULE_MESSAGES.postcode } });

/** An optional phone number field of an API body: empty or a phone number (30 characters at most). */
export const ZPhoneNumberInput = z
  .string()
  .trim()
  .max(30)
  .refine((v) => v === '' || isPhoneNumber(v), { params: { i18nKey: FIELD_RULE_MESSAGES.phoneNumber } });
