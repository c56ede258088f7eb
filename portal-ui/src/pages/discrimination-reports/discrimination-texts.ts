import { useTranslation } from 'react-i18next';
import type { TFieldBinding } from '@stageplein/design-system/forms/use-form.ts';
import { DISCRIMINATION_NAMESPACE, registerDiscriminationMessages } from './discrimination-messages.ts';

/** `t` of the `discrimination` namespace (registered on first use) and dates written for the language. */
export function useDiscriminationTexts() {
  const { t, i18n } = useTranslation(DISCRIMINATION_NAMESPACE);
  registerDiscriminationMessages(i18n);
  const en = (i18n.resolvedLanguage ?? i18n.language).startsWith('en');
  return {
    t,
    date: (iso: string) =>
      new Date(iso).toLocaleDateString(en ? 'en-GB' : 'nl-NL', {
        day: 'numeric',
        month: 'long',
        year: 'numeric',
        timeZone: 'Europe/Amsterdam',
      }),
  };
}

/** A design-system field bound to plain state. */
export const bind = (
  name: string,
  value: string,
  set: (value: string) => void,
  error?: string,
): TFieldBinding => ({
  name,
  value,
  error,
  onChange: (v) => set(typeof v === 'string' ? v : ''),
  onBlur: () => undefined,
});
