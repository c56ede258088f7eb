import { FIELD_RULE_MESSAGES, isPhoneNumber } from '@stageplein/contracts/validation/field-rules';

/**
 * react-admin validators from the contracts' field rules, the ones the API applies too, with
 * messages that say what is wrong (catalogue keys, translated by the i18n provider).
 */
export const phoneNumber = (value: unknown) =>
  typeof value === 'string' && value.trim() !== '' && !isPhoneNumber(value)
    ? FIELD_RULE_MESSAGES.phoneNumber
    : undefined;

// Dates: the design system's rules through the back office's DateInput (date-input.tsx).
