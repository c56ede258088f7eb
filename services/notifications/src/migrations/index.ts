import type { Migration } from 'kysely';
import m20270216T0900_outbox from './20270216T0900-outbox.ts';
import m20270216T0901_dead_letters from './20270216T0901-dead-letters.ts';
import m20270216T0902_auth_read_model from './20270216T0902-auth-read-model.ts';
import m20270216T0903_auth_sessions from './20270216T0903-auth-sessions.ts';
import m20270216T0904_outbox_pending from './20270216T0904-outbox-pending.ts';
import m20270216T0910_feed from './20270216T0910-feed.ts';
import m20270216T0920_mail_suppressions from './20270216T0920-mail-suppressions.ts';
import m20270216T0930_mail_recipients from './20270216T0930-mail-recipients.ts';
import m20270216T0940_held_mails from './20270216T0940-held-mails.ts';
import m20270405T0900_digests from './20270405T0900-digests.ts';
import m20270405T0910_recent_actions from './20270405T0910-recent-actions.ts';
import m20270406T0900_mail_templates from './20270406T0900-mail-templates.ts';
import m20270406T0910_conversations from './20270406T0910-conversations.ts';
import m20270420T0930_organizations_read_model from './20270420T0930-organizations-read-model.ts';

/**
 * Applied in key order. Each migration is a frozen file named by its timestamp: once landed it is never
 * edited (migrations.lock.json and its test guard that); a change is a new, later file.
 */
export const migrations: Record<string, Migration> = {
  // Kit's tables: the outbox and processed events, dead letters, the auth read model (roles, sessions).
  '20270216T0900-outbox': m20270216T0900_outbox,
  '20270216T0901-dead-letters': m20270216T0901_dead_letters,
  '20270216T0902-auth-read-model': m20270216T0902_auth_read_model,
  '20270216T0903-auth-sessions': m20270216T0903_auth_sessions,
  '20270216T0904-outbox-pending': m20270216T0904_outbox_pending,
  // The in-app feed and the delivery preferences.
  '20270216T0910-feed': m20270216T0910_feed,
  // Mail delivery: suppressed addresses (hard bounces, repeated soft bounces).
  '20270216T0920-mail-suppressions': m20270216T0920_mail_suppressions,
  // Requested mail: the recipients' addresses and languages (identity's user events).
  '20270216T0930-mail-recipients': m20270216T0930_mail_recipients,
  // Mail held for a corrected address after a hard bounce; the recipients filled from identity's users.
  '20270216T0940-held-mails': m20270216T0940_held_mails,
  // The periodic mail: each person's frequency, digests sent per period, open tasks.
  '20270405T0900-digests': m20270405T0900_digests,
  // Recent actions: what happened on internships, by student, school and organization.
  '20270405T0910-recent-actions': m20270405T0910_recent_actions,
  // Mail templates per tenant (issue #35 item 2).
  '20270406T0900-mail-templates': m20270406T0900_mail_templates,
  // Conversations: threads per internship and direct ones, messages, attachments, read state, names.
  '20270406T0910-conversations': m20270406T0910_conversations,
  // Kit's organizations read model: the current organization's status for the template editors' rule.
  '20270420T0930-organizations-read-model': m20270420T0930_organizations_read_model,
};
