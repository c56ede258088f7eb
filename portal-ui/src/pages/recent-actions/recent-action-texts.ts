import { nlRecentActionsPage } from '@stageplein/contracts/i18n/nl-recent-actions';
import { usePortalTexts } from '../../i18n/portal-texts.ts';

/**
 * The page's Dutch texts (`portal.recentActions.*`) come with its chunk, not with the first download
 * (/stagebank's budget); English is in the English catalogue.
 */
export const useRecentActionTexts = (): void => usePortalTexts('recentActions', nlRecentActionsPage);
