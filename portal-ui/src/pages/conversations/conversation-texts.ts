import { nlConversationsPage } from '@stageplein/contracts/i18n/nl-conversations';
import { usePortalTexts } from '../../i18n/portal-texts.ts';

/** The conversations' Dutch texts come with the page's chunk, not the first download (portal-texts.ts). */
export function useConversationTexts(): void {
  usePortalTexts('conversations', nlConversationsPage);
}
