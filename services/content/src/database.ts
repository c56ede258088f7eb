import type {
  TOutboxPendingTable,
  TOutboxTable,
  TProcessedEventsTable,
} from '@stageplein/kit/outbox/outbox.table';
import type { TAuditLogTable } from '@stageplein/kit/audit/audit-log';
import type { TMailDeliveriesTable } from '@stageplein/kit/mail/mail-requests';
import type { TOrganizationsReadModelTable } from '@stageplein/kit/read-models/organizations-read-model';
import type { TPageLocalesTable, TPageRevisionsTable, TPagesTable } from './pages/pages.table.ts';
import type { TMenuItemsTable, TMenusTable } from './menus/menus.table.ts';
import type { TNewsArticlesTable } from './news/news.table.ts';
import type { TMessagesTable } from './messages/messages.table.ts';
import type { TStockImagesTable } from './stock-images/stock-images.table.ts';
import type { TFileBlobsTable, TUploadsTable } from './uploads/uploads.table.ts';
import type { TFormSubmissionsTable, TFormsTable, TFormVersionsTable } from './forms/forms.table.ts';
import type { TFormFilesTable } from './form-files/form-files.table.ts';

/** The kit's auth read model (kit/auth/auth-read-model.ts), fed by identity's role events. */
export interface TAuthRolesTable {
  role_id: string;
  tenant_id: string;
  user_id: string;
  name: string;
  resource_type: string;
  resource_id: string;
}

/** The content schema as Kysely sees it. */
export interface TContentDb {
  'content.pages': TPagesTable;
  'content.page_revisions': TPageRevisionsTable;
  'content.page_locales': TPageLocalesTable;
  'content.menus': TMenusTable;
  'content.menu_items': TMenuItemsTable;
  'content.news_articles': TNewsArticlesTable;
  'content.messages': TMessagesTable;
  'content.uploads': TUploadsTable;
  'content.file_blobs': TFileBlobsTable;
  'content.stock_images': TStockImagesTable;
  'content.forms': TFormsTable;
  'content.form_versions': TFormVersionsTable;
  'content.form_submissions': TFormSubmissionsTable;
  'content.form_files': TFormFilesTable;
  'content.mail_deliveries': TMailDeliveriesTable;
  'content.organizations': TOrganizationsReadModelTable;
  'content.audit_log': TAuditLogTable;
  'content.auth_roles': TAuthRolesTable;
  'content.outbox': TOutboxTable;
  'content.outbox_pending': TOutboxPendingTable;
  'content.processed_events': TProcessedEventsTable;
}

export const SCHEMA = 'content';
