import type { TAuthCredentials } from './credentials.ts';

/**
 * Spec §5: the message when neither header credentials nor a reset token are given. A protocol text,
 * the same in every language (catalogue key `validation.passwordResetCredentials`, checked by a
 * test); written out here so that front ends need not bundle a whole catalogue for it.
 */
export const PASSWORD_RESET_CREDENTIALS_MESSAGE =
  'You must provide either the uid, client and accessToken or the resetPasswordToken';

export class PasswordResetCredentialsError extends Error {
  override readonly name = 'PasswordResetCredentialsError';
  constructor() {
    super(PASSWORD_RESET_CREDENTIALS_MESSAGE);
  }
}

export interface TPasswordUpdate {
  password: string;
  passwordConfirmation: string;
}

/**
 * `PUT /auth/password` (spec §7): with a reset token from the mailed link, or with the signed-in
 * client's uid, client and access token; with neither it fails with the spec's message before any
 * request is made.
 */
export function passwordUpdateRequest(
  update: TPasswordUpdate,
  auth: { credentials?: TAuthCredentials | undefined; resetPasswordToken?: string | null | undefined },
): { body: TPasswordUpdate & { resetPasswordToken?: string }; credentials?: TAuthCredentials } {
  const token = auth.resetPasswordToken?.trim();
  if (token) return { body: { ...update, resetPasswordToken: token } };
  const c = auth.credentials;
  if (c?.uid && c.client && c.accessToken) return { body: { ...update }, credentials: c };
  throw new PasswordResetCredentialsError();
}
