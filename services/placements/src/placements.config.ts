import { z } from 'zod';
import type { TConfigOf } from '@stageplein/kit/config/config';
import type { TServiceDeps } from '@stageplein/kit/service';
import { objectStorageKeys } from '@stageplein/kit/object-storage/object-storage.config';

/**
 * Placements' own configuration keys (the kit's keys come with every process). Parsed once at boot by
 * whoever runs placements or its activities: `loadConfig(PLACEMENTS_CONFIG)`.
 */
export const PLACEMENTS_CONFIG = {
  /**
   * Hours reminders (docs/decisions/hours.md "Reminders"): days an entry waits unconfirmed before its
   * supervisor is reminded, and the least time between two reminders or two mentor warnings.
   */
  HOURS_REMINDER_DAYS: z.coerce.number().int().min(1).max(365).default(7),
  /**
   * Placements' object store (kit/object-storage; sealed contract PDFs): PLACEMENTS_FILE_STORAGE
   * `postgres` (placements.file_blobs; the default), `filesystem` (PLACEMENTS_FILE_DIR) or `s3`
   * (PLACEMENTS_S3_*; the distributed profile).
   */
  ...objectStorageKeys('PLACEMENTS', { dir: '.data/placements-files', bucket: 'stageplein-placements' }),
  /**
   * Child processes that render sealed contract PDFs at a lower CPU priority (docs/decisions/contract-documents.md),
   * beside the event loop; 0: one fewer than the machine's cores (at least one).
   */
  CONTRACT_RENDER_PROCESSES: z.coerce.number().int().min(0).max(16).default(1),
};

export type TPlacementsConfig = TConfigOf<typeof PLACEMENTS_CONFIG>;
export type TPlacementsDeps = TServiceDeps<TPlacementsConfig>;
