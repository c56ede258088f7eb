import { createHash } from 'node:crypto';
import type { TObjectStorages } from '@stageplein/kit/object-storage/object-storage';
import {
  objectStoragesFor,
  type TObjectStorageConfig,
} from '@stageplein/kit/object-storage/object-storage.config';

/** Notifications' object store (kit/object-storage): `notifications.file_blobs`, NOTIFICATIONS_FILE_DIR or its bucket. */
export const NOTIFICATIONS_STORAGE = {
  prefix: 'NOTIFICATIONS',
  blobTable: 'notifications.file_blobs',
} as const;

export const notificationsStorages = (config: TObjectStorageConfig<'NOTIFICATIONS'>): TObjectStorages =>
  objectStoragesFor(config, NOTIFICATIONS_STORAGE);

/** The key of the bytes in the store: their SHA-256 (the same file twice is stored once). */
export const keyOf = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');

/** A file name fit to show and to send back: its last path segment, no control characters, ≤ 200 characters. */
export function cleanFileName(name: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what is removed
  const base = (name.split(/[\\/]/).pop() ?? '').replace(/[\u0000-\u001f\u007f"]/g, '').trim();
  return (base || 'bijlage').slice(0, 200);
}
