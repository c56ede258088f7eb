import { useTranslation } from 'react-i18next';
import { ASSIGNMENTS_NAMESPACE, registerAssignmentsMessages } from './assignments-messages.ts';

/** `t` of the `assignments` namespace, its language, and dates written for that language. */
export function useAssignmentTexts() {
  const { t, i18n } = useTranslation(ASSIGNMENTS_NAMESPACE);
  registerAssignmentsMessages(i18n);
  const lang: 'nl' | 'en' = (i18n.resolvedLanguage ?? i18n.language).startsWith('en') ? 'en' : 'nl';
  const locale = lang === 'en' ? 'en-GB' : 'nl-NL';
  return {
    t,
    lang,
    date: (iso: string) =>
      new Date(iso.length === 10 ? `${iso}T12:00:00Z` : iso).toLocaleDateString(locale, {
        day: 'numeric',
        month: 'long',
        year: 'numeric',
        timeZone: 'Europe/Amsterdam',
      }),
  };
}
