/**
 * What the bulk student upsert did per idempotency key (import id + row): a retried or re-run call
 * answers from here instead of applying the row again, so outcomes stay true ("created" stays
 * "created") and nothing is created or invited twice.
 */
export interface TStudentImportKeysTable {
  tenant_id: string;
  key: string;
  outcome: string;
  user_id: string | null;
  created_at: Date;
}
