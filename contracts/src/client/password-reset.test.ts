import { describe, expect, it } from 'vitest';
import { translate } from '../i18n/index.ts';
import { PASSWORD_RESET_CREDENTIALS_MESSAGE, passwordUpdateRequest } from './password-reset.ts';

const update = { password: 'nieuw-wachtwoord', passwordConfirmation: 'nieuw-wachtwoord' };

describe('passwordUpdateRequest (spec §5, §7)', () => {
  it('uses the reset token when there is one', () => {
    expect(passwordUpdateRequest(update, { resetPasswordToken: ' tok ' })).toEqual({
      body: { ...update, resetPasswordToken: 'tok' },
    });
  });

  it('else the signed-in client’s uid, client and access token', () => {
    const credentials = { accessToken: 't', client: 'c', uid: 'u' };
    expect(passwordUpdateRequest(update, { credentials })).toEqual({ body: update, credentials });
  });

  it('fails with the spec’s message otherwise', () => {
    expect(PASSWORD_RESET_CREDENTIALS_MESSAGE).toBe(
      'You must provide either the uid, client and accessToken or the resetPasswordToken',
    );
    for (const lang of ['nl', 'en'] as const) {
      expect(translate(lang, 'validation.passwordResetCredentials')).toBe(PASSWORD_RESET_CREDENTIALS_MESSAGE);
    }
    expect(() => passwordUpdateRequest(update, {})).toThrow(PASSWORD_RESET_CREDENTIALS_MESSAGE);
    expect(() => passwordUpdateRequest(update, { resetPasswordToken: '  ' })).toThrow(
      PASSWORD_RESET_CREDENTIALS_MESSAGE,
    );
  });
});
