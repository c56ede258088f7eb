import type { Generated } from 'kysely';
import type { TStorageKind } from '../../cms/index.ts';

/**
 * A file a visitor uploaded for a public form's file question. Its bytes are in the storage port under
 * `storage_key` (random, one per file: never shared with another file, never the public files address).
 */
export interface TFormFilesTable {
  id: Generated<string>;
  tenant_id: string;
  form_id: string;
  /** The version whose render token authorised the upload. */
  form_version: number;
  /** The file question it was uploaded for. */
  field_id: string;
  storage_key: string;
  storage: TStorageKind;
  content_type: string;
  byte_size: number;
  name: string;
  /** The submission that named it; null until then (and removed after FORM_FILE_UNUSED_HOURS). */
  submission_id: string | null;
  created_at: Date;
}
