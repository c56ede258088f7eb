import { useTranslation } from 'react-i18next';
import { nlNotificationsPage } from '@stageplein/contracts/i18n/nl-notifications';

/**
 * The notifications' Dutch texts (`portal.notifications.*`) come with the bell's and the page's chunks,
 * not with the first download (/stagebank's budget); English is in the English catalogue.
 */
export function useNotificationTexts(): void {
  const { i18n } = useTranslation();
  if (!i18n.exists('portal.notifications.list', { lng: 'nl', fallbackLng: false })) {
    i18n.addResourceBundle(
      'nl',
      'translation',
      { portal: { notifications: nlNotificationsPage } },
      true,
      false,
    );
  }
}
