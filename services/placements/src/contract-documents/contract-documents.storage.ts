import {
  objectStoragesFor,
  type TObjectStorageConfig,
} from '@stageplein/kit/object-storage/object-storage.config';
import type { TObjectStorages } from '@stageplein/kit/object-storage/object-storage';

/** Placements' object store (kit/object-storage): `placements.file_blobs`, PLACEMENTS_FILE_DIR or its bucket. */
export const PLACEMENTS_STORAGE = { prefix: 'PLACEMENTS', blobTable: 'placements.file_blobs' } as const;

export const placementsStorages = (config: TObjectStorageConfig<'PLACEMENTS'>): TObjectStorages =>
  objectStoragesFor(config, PLACEMENTS_STORAGE);
