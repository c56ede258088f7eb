import type { Migration } from 'kysely';
import m20261125T0900_outbox from './20261125T0900-outbox.ts';
import m20261125T0901_dead_letters from './20261125T0901-dead-letters.ts';
import m20261125T0902_auth_read_model from './20261125T0902-auth-read-model.ts';
import m20261125T0910_organizations_read_model from './20261125T0910-organizations-read-model.ts';
import m20261125T0920_audit_log from './20261125T0920-audit-log.ts';
import m20261125T0930_pages from './20261125T0930-pages.ts';
import m20261125T0940_menus from './20261125T0940-menus.ts';
import m20261125T0950_news from './20261125T0950-news.ts';
import m20261125T1000_messages from './20261125T1000-messages.ts';
import m20261125T1010_auth_sessions from './20261125T1010-auth-sessions.ts';
import m20261126T0900_uploads from './20261126T0900-uploads.ts';
import m20261127T0900_forms from './20261127T0900-forms.ts';
import m20261127T0901_mail_deliveries from './20261127T0901-mail-deliveries.ts';
import m20261128T0900_form_purposes from './20261128T0900-form-purposes.ts';
import m20270105T0910_form_files from './20270105T0910-form-files.ts';
import m20270105T1100_upload_owners from './20270105T1100-upload-owners.ts';
import m20270108T0900_s3_storage from './20270108T0900-s3-storage.ts';
import m20270111T0900_outbox_pending from './20270111T0900-outbox-pending.ts';
import m20270122T0900_single_use_render_tokens from './20270122T0900-single-use-render-tokens.ts';
import m20270123T0900_form_owners from './20270123T0900-form-owners.ts';
import m20270202T0910_kit_organizations_read_model from './20270202T0910-kit-organizations-read-model.ts';

/**
 * Applied in key order. Each migration is a frozen file named by its timestamp: once landed it is never
 * edited (migrations.lock.json and its test guard that); a change is a new, later file.
 */
export const migrations: Record<string, Migration> = {
  '20261125T0900-outbox': m20261125T0900_outbox,
  '20261125T0901-dead-letters': m20261125T0901_dead_letters,
  '20261125T0902-auth-read-model': m20261125T0902_auth_read_model,
  '20261125T0910-organizations-read-model': m20261125T0910_organizations_read_model,
  '20261125T0920-audit-log': m20261125T0920_audit_log,
  '20261125T0930-pages': m20261125T0930_pages,
  '20261125T0940-menus': m20261125T0940_menus,
  '20261125T0950-news': m20261125T0950_news,
  '20261125T1000-messages': m20261125T1000_messages,
  // Sessions as an allow-list (kit auth read model v2, issue #12).
  '20261125T1010-auth-sessions': m20261125T1010_auth_sessions,
  // Uploads, their bytes (PostgreSQL storage) and the stock image library.
  '20261126T0900-uploads': m20261126T0900_uploads,
  // Forms, their published versions and submissions (issue #18).
  '20261127T0900-forms': m20261127T0900_forms,
  // The mail it requests from identity (contact form submissions).
  '20261127T0901-mail-deliveries': m20261127T0901_mail_deliveries,
  // Forms answered in placements: evaluations and assignments.
  '20261128T0900-form-purposes': m20261128T0900_form_purposes,
  // Files visitors upload on public forms.
  '20270105T0910-form-files': m20270105T0910_form_files,
  // Uploads of organization admins (vacancy images): the owning organization.
  '20270105T1100-upload-owners': m20270105T1100_upload_owners,
  // Files in an S3-compatible store (the distributed profile).
  '20270108T0900-s3-storage': m20270108T0900_s3_storage,
  // The outbox as an append-only log, its delivery state a queue beside it (kit outbox.v2).
  '20270111T0900-outbox-pending': m20270111T0900_outbox_pending,
  // A public form's render token answers one submission.
  '20270122T0900-single-use-render-tokens': m20270122T0900_single_use_render_tokens,
  // Forms of schools: the owning organization (least privilege for content, issue #31).
  '20270123T0900-form-owners': m20270123T0900_form_owners,
  // Kit's organizations read model instead of content's own (issue #32), filled from organizations' outbox.
  '20270202T0910-kit-organizations-read-model': m20270202T0910_kit_organizations_read_model,
};
