import type { Generated } from 'kysely';
import type { TObjectStorageKind } from '@stageplein/kit/object-storage/object-storage';
import type { TUploadContentType, TUploadKind } from '@stageplein/contracts/content/media';

/** Which adapter of kit's object store holds a file's bytes. */
export type TStorageKind = TObjectStorageKind;

/** An uploaded file of a tenant; its bytes are in the storage port under `hash`. */
export interface TUploadsTable {
  id: Generated<string>;
  tenant_id: string;
  /** SHA-256 (hex) of the stored bytes; unique per tenant and owner (the same bytes are one upload of each). */
  hash: string;
  kind: TUploadKind;
  content_type: TUploadContentType;
  byte_size: number;
  width: number | null;
  height: number | null;
  name: string;
  /** Which storage adapter holds the bytes (uploads/storage.ts); reads follow the row, writes the config. */
  storage: TStorageKind;
  uploaded_by: string | null;
  /** The organization whose admin uploaded it (theirs only); null: the tenant's (content editors'). */
  organization_id: string | null;
  created_at: Date;
}

/** The bytes of uploads when PostgreSQL is the storage (`CONTENT_FILE_STORAGE=postgres`). */
export type { TFileBlobsTable } from '@stageplein/kit/object-storage/postgres-storage';
