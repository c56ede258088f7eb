import { useTranslation } from 'react-i18next';
import { TextField } from '@stageplein/design-system/forms/fields.tsx';
import type { TFieldBinding } from '@stageplein/design-system/forms/use-form.ts';
import { PASSWORD_MIN_LENGTH } from './password-fields.ts';

/** A new password and its confirmation, as confirming, resetting and changing a password ask them. */
export function NewPasswordFields({
  password,
  confirmation,
}: {
  password: TFieldBinding;
  confirmation: TFieldBinding;
}) {
  const { t } = useTranslation();
  return (
    <>
      <TextField
        label={t('portal.reset.password')}
        hint={t('portal.reset.passwordHint', { min: PASSWORD_MIN_LENGTH })}
        type="password"
        autoComplete="new-password"
        required
        field={password}
      />
      <TextField
        label={t('portal.reset.passwordConfirmation')}
        type="password"
        autoComplete="new-password"
        required
        field={confirmation}
      />
    </>
  );
}
