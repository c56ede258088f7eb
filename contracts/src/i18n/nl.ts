import { nlAccessibility } from './nl-accessibility.ts';
import { nlApi } from './nl-api.ts';
import { nlDashboard } from './nl-dashboard.ts';
import { nlDelivery } from './nl-delivery.ts';
import { nlImports } from './nl-imports.ts';
import {
  nlNotificationDigest,
  nlNotificationKinds,
  nlNotificationsPage,
  nlRecentActionKinds,
} from './nl-notifications.ts';
import { nlRecentActionsPage } from './nl-recent-actions.ts';
import { nlConversationsPage } from './nl-conversations.ts';
import { nlKennisnetPages } from './nl-kennisnet.ts';
import { nlOrganizationSettings, nlOrganizationSignup } from './nl-organization-pages.ts';
import { nlDeleteAccount, nlProfile } from './nl-account-pages.ts';
import { nlPortal } from './nl-portal.ts';
import { nlShared } from './nl-shared.ts';
import { nlWriteBack } from './nl-write-back.ts';

/**
 * Dutch catalogue: the source of truth for the key set (`TMessages` is derived from it) and the
 * fallback language. Interpolation uses i18next's `{{name}}` syntax so both front ends can load the
 * catalogues as they are. The informal "je" is used throughout, as students are the main audience.
 * It is put together from modules so each front end's first download holds only what it shows: the
 * back office nl-shared.ts, the portal also nl-portal.ts (page-only modules such as the dashboard's,
 * the statement's, the import's, the notifications page's and the organization pages' come with their
 * pages: usePortalTexts; the notification kinds' texts are the notifications service's).
 */
export const nl = {
  ...nlShared,
  api: nlApi,
  notifications: { kinds: nlNotificationKinds, digest: nlNotificationDigest, actions: nlRecentActionKinds },
  portal: {
    ...nlPortal,
    dashboard: nlDashboard,
    accessibility: nlAccessibility,
    imports: nlImports,
    writeBack: nlWriteBack,
    delivery: nlDelivery,
    notifications: nlNotificationsPage,
    recentActions: nlRecentActionsPage,
    conversations: nlConversationsPage,
    kennisnetPages: nlKennisnetPages,
    organizationSignup: nlOrganizationSignup,
    organizationSettings: nlOrganizationSettings,
    profile: nlProfile,
    deleteAccount: nlDeleteAccount,
  },
} as const;
