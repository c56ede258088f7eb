import { rules } from '@stageplein/design-system/forms/field-rules.ts';

/**
 * Password bounds of the identity service (devise's defaults; contracts/src/identity/users.ts
 * PASSWORD_MIN_LENGTH/MAX_LENGTH, not imported here because that module brings zod into the bundle).
 */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

export const newPasswordRules = [
  rules.required(),
  rules.minLength(PASSWORD_MIN_LENGTH),
  rules.maxLength(PASSWORD_MAX_LENGTH),
];

export const confirmationRules = (field = 'password') => [
  rules.required(),
  rules.sameAs(field, { key: 'portal.forms.passwordMismatch' }),
];
