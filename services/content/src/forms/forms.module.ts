import { mailDeliveryStatusConsumer } from '@stageplein/kit/mail/mail-delivery-status.consumer';
import type { TMailDeliveriesTable } from '@stageplein/kit/mail/mail-requests';
import { SCHEMA } from '../database.ts';
import type { TContentGroup } from '../shared/group.ts';
import { formFilesRoutes } from './form-files/form-files.routes.ts';
import type { TFormFilesTable } from './form-files/form-files.table.ts';
import { formsPublicRoutes } from './forms-public.routes.ts';
import { formsRoutes } from './forms.routes.ts';
import { seedForms } from './forms.seed.ts';
import type { TFormSubmissionsTable, TFormsTable, TFormVersionsTable } from './forms.table.ts';

declare module '../database.ts' {
  interface TContentDb {
    'content.forms': TFormsTable;
    'content.form_versions': TFormVersionsTable;
    'content.form_submissions': TFormSubmissionsTable;
    'content.form_files': TFormFilesTable;
    'content.mail_deliveries': TMailDeliveriesTable;
  }
}

/**
 * Forms: their versions, public rendering and submissions, the files visitors upload, the mail a
 * submission requests (docs/decisions/forms.md).
 */
export const formsGroup: TContentGroup = {
  name: 'forms',
  routes: [formsRoutes, formsPublicRoutes, formFilesRoutes],
  // The state of the mail it requests from identity (contact form submissions).
  consumers: (deps) => [mailDeliveryStatusConsumer(deps, SCHEMA)],
  seed: seedForms,
};
