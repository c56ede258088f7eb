import { z } from 'zod';
import { ZResource, zCollectionOf } from '../jsonapi/jsonapi.ts';

/**
 * One entry of the organizations service's audit log (docs/decisions/organizations.md "Audit log"):
 * who changed what, with the status before and after. Read-only on the wire.
 */
export const ZAuditLogEntryAttributes = z.object({
  action: z.string(),
  subject_type: z.string(),
  subject_id: z.string(),
  /** Null for anonymous (public signup) and system actions. */
  actor_id: z.string().nullable(),
  /** Set when the actor was signed in as another user. */
  impersonator_id: z.string().nullable(),
  before_status: z.string().nullable(),
  after_status: z.string().nullable(),
  /** Changed fields, the moderator's reason, parents… as the action recorded them. */
  data: z.record(z.string(), z.unknown()),
  created_at: z.string(),
});
export type TAuditLogEntryAttributes = z.infer<typeof ZAuditLogEntryAttributes>;

export const ZAuditLogEntryResource = ZResource.extend({
  type: z.literal('audit_log_entry'),
  attributes: ZAuditLogEntryAttributes,
});
export type TAuditLogEntryResource = z.infer<typeof ZAuditLogEntryResource>;
export const ZAuditLogEntryCollection = zCollectionOf(ZAuditLogEntryResource);
