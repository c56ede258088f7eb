import { nlNotificationsPage } from '@stageplein/contracts/i18n/nl-notifications';
import { usePortalTexts } from '../../i18n/portal-texts.ts';

/** The notifications' Dutch texts come with the bell's and the page's chunks (portal-texts.ts). */
export function useNotificationTexts(): void {
  usePortalTexts('notifications', nlNotificationsPage);
}
