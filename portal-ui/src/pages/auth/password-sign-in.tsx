import { useTranslation } from 'react-i18next';
import { rules } from '@stageplein/design-system/forms/field-rules.ts';
import { FormAlert, TextField } from '@stageplein/design-system/forms/fields.tsx';
import { useForm } from '@stageplein/design-system/forms/use-form.ts';
import { errorMessage } from '../page-kit.tsx';

/** The e-mail and password form state of every screen that signs in with a password (spec §5 rules). */
export function usePasswordSignInForm(email = '') {
  return useForm(
    { email, password: '' },
    { email: [rules.required(), rules.email()], password: [rules.required()] },
  );
}

/**
 * The form's error and its two fields, as password managers expect them (`username`, `current-password`):
 * the sign-in page and the Kennisnet link confirmation ask for the same account the same way.
 */
export function PasswordSignInFields({
  form,
  errorTestId,
}: {
  form: ReturnType<typeof usePasswordSignInForm>;
  errorTestId: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      {form.formError !== undefined && (
        <FormAlert tone="error" testId={errorTestId}>
          {errorMessage(form.formError, t)}
        </FormAlert>
      )}
      <TextField
        label={t('portal.auth.email')}
        type="email"
        autoComplete="username"
        inputMode="email"
        required
        field={form.bind('email')}
      />
      <TextField
        label={t('portal.auth.password')}
        type="password"
        autoComplete="current-password"
        required
        field={form.bind('password')}
      />
    </>
  );
}
