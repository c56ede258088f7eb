import type { TValidationMessage } from '@stageplein/contracts/errors/validation-messages';
import {
  FIELD_RULE_MESSAGES,
  isDutchPostcode,
  isEndBeforeStart,
  isHttpUrl,
  isPhoneNumber,
  parseDecimal,
} from '@stageplein/contracts/validation/field-rules';

/**
 * Field rules with the default messages of spec §5 (catalogue keys under `validation.*`). A field
 * is checked on blur and on submit; checking stops at the first failing rule. An empty optional
 * field passes every rule but `required`.
 */
export type TFieldValue = string | number | boolean | readonly unknown[] | null | undefined;
export type TRule = (
  value: TFieldValue,
  values: Readonly<Record<string, TFieldValue>>,
) => TValidationMessage | undefined;

const isEmpty = (v: TFieldValue) =>
  v === undefined ||
  v === null ||
  (typeof v === 'string' && v.trim() === '') ||
  (Array.isArray(v) && v.length === 0);

const text = (v: TFieldValue) => (typeof v === 'string' ? v.trim() : String(v ?? ''));

// Deliberately simple (as browsers check type=email): something@something.tld, no spaces.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function rule(
  fails: (value: TFieldValue, values: Readonly<Record<string, TFieldValue>>) => boolean,
  message: TValidationMessage,
): TRule {
  return (value, values) => (!isEmpty(value) && fails(value, values) ? message : undefined);
}

export const rules = {
  required: (): TRule => (value) =>
    isEmpty(value) || value === false ? { key: 'validation.required' } : undefined,
  email: (): TRule => rule((v) => !EMAIL.test(text(v)), { key: 'validation.email' }),
  /** The API's rule (contracts/validation/field-rules.ts), so the server refuses the same. */
  phoneNumber: (): TRule => rule((v) => !isPhoneNumber(text(v)), { key: FIELD_RULE_MESSAGES.phoneNumber }),
  /** A Dutch postcode, the API's rule (contracts/validation/field-rules.ts). */
  postcode: (): TRule => rule((v) => !isDutchPostcode(text(v)), { key: FIELD_RULE_MESSAGES.postcode }),
  /** An end date not before the date in field `startField`. */
  notBefore: (startField: string): TRule =>
    rule((v, values) => isEndBeforeStart(values[startField], v), { key: FIELD_RULE_MESSAGES.endBeforeStart }),
  /** The API's rule: http(s), and "www.dewalk.nl" is taken as https://www.dewalk.nl (`normalizeUrl`). */
  url: (): TRule => rule((v) => !isHttpUrl(text(v)), { key: 'validation.url' }),
  minLength: (min: number): TRule =>
    rule((v) => text(v).length < min, { key: 'validation.minLength', vars: { min } }),
  maxLength: (max: number): TRule =>
    rule((v) => text(v).length > max, { key: 'validation.maxLength', vars: { max } }),
  oneOf: (values: readonly string[]): TRule =>
    rule((v) => !values.includes(text(v)), { key: 'validation.oneOf', vars: { values: values.join(', ') } }),
  /** A number as people type it ("3,33" or "3.33", `parseDecimal`, the API's reading too). */
  number: (): TRule => rule((v) => Number.isNaN(parseDecimal(v)), { key: 'validation.number' }),
  min: (min: number): TRule =>
    rule((v) => !(parseDecimal(v) >= min), { key: 'validation.numberMin', vars: { min } }),
  max: (max: number): TRule =>
    rule((v) => !(parseDecimal(v) <= max), { key: 'validation.numberMax', vars: { max } }),
  positive: (): TRule => rule((v) => !(parseDecimal(v) > 0), { key: 'validation.positive' }),
  integer: (): TRule => rule((v) => !Number.isInteger(parseDecimal(v)), { key: 'validation.integer' }),
  minItems: (min: number): TRule =>
    rule((v) => !Array.isArray(v) || v.length < min, { key: 'validation.minItems', vars: { min } }),
  maxItems: (max: number): TRule =>
    rule((v) => !Array.isArray(v) || v.length > max, { key: 'validation.maxItems', vars: { max } }),
  /** A six-digit code (passwordless sign-in). */
  pattern: (pattern: RegExp): TRule => rule((v) => !pattern.test(text(v)), { key: 'validation.invalid' }),
  /** Equal to another field (password confirmation). */
  sameAs: (field: string, message: TValidationMessage): TRule => rule((v, all) => v !== all[field], message),
};

/** The message of the first failing rule, or undefined. */
export function validateField(
  value: TFieldValue,
  fieldRules: readonly TRule[],
  values: Readonly<Record<string, TFieldValue>> = {},
): TValidationMessage | undefined {
  for (const r of fieldRules) {
    const message = r(value, values);
    if (message) return message;
  }
  return undefined;
}

/** Every field's first failing rule. */
export function validateAll(
  values: Readonly<Record<string, TFieldValue>>,
  schema: Readonly<Record<string, readonly TRule[]>>,
): Record<string, TValidationMessage> {
  const errors: Record<string, TValidationMessage> = {};
  for (const [name, fieldRules] of Object.entries(schema)) {
    const message = validateField(values[name], fieldRules, values);
    if (message) errors[name] = message;
  }
  return errors;
}
