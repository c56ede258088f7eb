import { useTranslation } from 'react-i18next';
import { nlApi } from '@stageplein/contracts/i18n/nl-api';
import { nlConversationsPage } from '@stageplein/contracts/i18n/nl-conversations';
import { usePortalTexts } from '../../i18n/portal-texts.ts';

/**
 * The server's refusals of an attachment in Dutch (`api.<code>`, its answers for the same codes), which
 * the portal's first download leaves out; the English catalogue has them all. The page tells them
 * before uploading (`attachmentRefusal`).
 */
const NL_REFUSALS = {
  api: { file_too_large: nlApi.file_too_large, upload_type_not_allowed: nlApi.upload_type_not_allowed },
};
const registered = new WeakSet<object>();

/** The conversations' Dutch texts come with the page's chunk, not the first download (portal-texts.ts). */
export function useConversationTexts(): void {
  usePortalTexts('conversations', nlConversationsPage);
  const { i18n } = useTranslation();
  if (!registered.has(i18n)) {
    registered.add(i18n);
    i18n.addResourceBundle('nl', 'translation', NL_REFUSALS, true, false);
  }
}
