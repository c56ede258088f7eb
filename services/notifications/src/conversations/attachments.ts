import { createHash } from 'node:crypto';
import type { TAttachmentType } from '@stageplein/contracts/notifications/conversations';
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

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * An attachment's type, by its bytes alone (never its name or the declared type): PDF, JPEG, PNG, WebP;
 * anything else is refused. Attachments are served as downloads (`Content-Disposition: attachment`,
 * `nosniff`, a sandboxing CSP), never shown inline on our origin.
 */
export function attachmentType(bytes: Buffer): TAttachmentType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.subarray(0, 8).equals(PNG)) return 'image/png';
  if (bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP')
    return 'image/webp';
  if (bytes.toString('latin1', 0, 5) === '%PDF-') return 'application/pdf';
  return null;
}

/** The key of the bytes in the store: their SHA-256 (the same file twice is stored once). */
export const keyOf = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');

/** A file name fit to show and to send back: its last path segment, no control characters, ≤ 200 characters. */
export function cleanFileName(name: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what is removed
  const base = (name.split(/[\\/]/).pop() ?? '').replace(/[\u0000-\u001f\u007f"]/g, '').trim();
  return (base || 'bijlage').slice(0, 200);
}
