import {
  FIELD_RULE_MESSAGES,
  isEndBeforeStart,
  isPhoneNumber,
} from '@stageplein/contracts/validation/field-rules';

/**
 * react-admin validators from the contracts' field rules, the ones the API applies too, with
 * messages that say what is wrong (catalogue keys, translated by the i18n provider).
 */
export const phoneNumber = (value: unknown) =>
  typeof value === 'string' && value.trim() !== '' && !isPhoneNumber(value)
    ? FIELD_RULE_MESSAGES.phoneNumber
    : undefined;

/** An end date not before the date in `startSource`. */
export const notBefore = (startSource: string) => (value: unknown, values: Record<string, unknown>) =>
  isEndBeforeStart(values[startSource], value) ? FIELD_RULE_MESSAGES.endBeforeStart : undefined;
