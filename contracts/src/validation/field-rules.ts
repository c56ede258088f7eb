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

// --- Input as people type it (issue #30 item 9): one normaliser per kind, used by the API's schemas
// and the forms alike, so "3,33" and "www.dewalk.nl" mean the same on both ends.

/** Digits with at most one decimal comma or point; no thousands separators ("1.000" is 1). */
const DECIMAL = /^[+-]?(?:\d+(?:[.,]\d*)?|[.,]\d+)$/;

/**
 * A decimal as people type it: "3,33", "3.33", " 7,5 " → 3.33, 3.33, 7.5; a number stays itself;
 * anything else (including "") is NaN, which every number rule refuses.
 */
export function parseDecimal(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value !== 'string') return Number.NaN;
  const text = value.trim();
  return DECIMAL.test(text) ? Number(text.replace(',', '.')) : Number.NaN;
}

/**
 * An API's decimal field: a JSON number, or a string as people type it (`"3,33"`). An empty string
 * is null (so a nullable field clears); the inner schema says what is allowed.
 */
export const zDecimal = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' ? (v.trim() === '' ? null : parseDecimal(v)) : v), schema);

/** A bare host at the start ("www.dewalk.nl", "dewalk.nl/stage", "dewalk.nl:8080"): no scheme typed. */
const BARE_HOST =
  /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)+(?::\d+)?(?:[/?#]|$)/i;

/**
 * A web address as people type it: without a scheme it gets `https://` ("www.dewalk.nl" →
 * "https://www.dewalk.nl"); anything else is only trimmed (the URL rule then decides).
 */
export function normalizeUrl(value: string): string {
  const text = value.trim();
  return BARE_HOST.test(text) ? `https://${text}` : text;
}

/** An http(s) address after normalising, at most `max` characters (the API's and the forms' rule). */
export const zHttpUrl = (max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? normalizeUrl(v) : v),
    z.url({ protocol: /^https?$/ }).max(max),
  );

const ZAnyHttpUrl = zHttpUrl(2000);

/** Whether the text is a web address the API takes (after `normalizeUrl`). */
export const isHttpUrl = (value: string): boolean => ZAnyHttpUrl.safeParse(value).success;

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
