import {
  objectStoragesFor,
  s3OptionsOf as kitS3OptionsOf,
  type TObjectStorageConfig,
  type TObjectStorageOwner,
} from '@stageplein/kit/object-storage/object-storage.config';
import type { TObjectStorage, TObjectStorages } from '@stageplein/kit/object-storage/object-storage';
import { postgresStorage as kitPostgresStorage } from '@stageplein/kit/object-storage/postgres-storage';
import type { TS3Options } from '@stageplein/kit/object-storage/s3-storage';

/**
 * Content's binding of kit's object store (`@stageplein/kit/object-storage`, docs/decisions/object-storage.md):
 * uploads and form files are addressed by a key of 64 hex digits (the SHA-256 of an upload's bytes,
 * a random one for form files) in content's own store: `content.file_blobs`, `CONTENT_FILE_DIR` or the
 * `CONTENT_S3_BUCKET` (`CONTENT_FILE_STORAGE` chooses; content.config.ts).
 */
export const CONTENT_STORAGE: TObjectStorageOwner<'CONTENT'> = {
  prefix: 'CONTENT',
  blobTable: 'content.file_blobs',
};

export type TFileStorage = TObjectStorage;
export type TStorages = TObjectStorages;
export type TStorageConfig = TObjectStorageConfig<'CONTENT'>;

/** Bytes in `content.file_blobs`, written in the use case's transaction (a rollback takes them back). */
export const postgresStorage: TFileStorage = kitPostgresStorage(CONTENT_STORAGE.blobTable);

/** The S3 settings of a configuration; a missing key is a wiring mistake, told at boot. */
export const s3OptionsOf = (config: TStorageConfig): TS3Options => kitS3OptionsOf(config, 'CONTENT');

/** Content's adapters of a parsed configuration (one set, one S3 client, per configuration). */
export const storagesFor = (config: TStorageConfig): TStorages => objectStoragesFor(config, CONTENT_STORAGE);
