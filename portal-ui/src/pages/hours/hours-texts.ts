import { useTranslation } from 'react-i18next';
import { formatHours } from '@stageplein/contracts/placements/hours-policy';
import { useSession } from '../../session/session-context.ts';
import { HOURS_NAMESPACE, registerHoursMessages } from './hours-messages.ts';

/** `t` of the `hours` namespace, its language, and hours and dates written for that language. */
export function useHoursTexts() {
  const { t, i18n } = useTranslation(HOURS_NAMESPACE);
  registerHoursMessages(i18n);
  const lang: 'nl' | 'en' = (i18n.resolvedLanguage ?? i18n.language).startsWith('en') ? 'en' : 'nl';
  const locale = lang === 'en' ? 'en-GB' : 'nl-NL';
  return {
    t,
    lang,
    hours: (h: number) => formatHours(h, lang),
    date: (iso: string) =>
      new Date(iso.length === 10 ? `${iso}T12:00:00Z` : iso).toLocaleDateString(locale, {
        day: 'numeric',
        month: 'short',
        year: 'numeric',
        timeZone: 'Europe/Amsterdam',
      }),
  };
}

/**
 * The current organization once the session knows it: the hours API answers by it (spec §6), so a
 * page loaded directly waits for it instead of asking without (and being told "not found").
 */
export function useActingOrganization(): { ready: boolean; organizationId: string | undefined } {
  const { user, currentOrganization, organizationsState } = useSession();
  const ready =
    !!user && (!!currentOrganization || organizationsState === 'success' || organizationsState === 'error');
  return { ready, organizationId: currentOrganization?.id };
}
