import { z } from 'zod';
import type { TConfigOf } from '@stageplein/kit/config/config';
import type { TServiceDeps } from '@stageplein/kit/service';
import { objectStorageKeys } from '@stageplein/kit/object-storage/object-storage.config';

/**
 * Content's own configuration keys; the kit's keys come with every process. Parsed once at boot by
 * whoever runs content: `loadConfig(CONTENT_CONFIG)`.
 */
export const CONTENT_CONFIG = {
  /**
   * How long browsers and proxies may keep a published page, news list or menu (`Cache-Control:
   * public, max-age`). Short: an editor's publish shows within this time. The messages file has the
   * spec's 24 hours (§9) instead.
   */
  CONTENT_PUBLIC_MAX_AGE_SECONDS: z.coerce.number().int().min(0).max(86_400).default(60),
  /**
   * Where uploaded files' bytes live (kit's object store, uploads/storage.ts): CONTENT_FILE_STORAGE
   * `postgres` (content.file_blobs, in the upload's transaction; the default), `filesystem` (under
   * CONTENT_FILE_DIR; the embedded profile, one process) or `s3` (CONTENT_S3_*; the distributed profile,
   * VersityGW in compose). The keys and their meaning: kit/object-storage/object-storage.config.ts.
   */
  ...objectStorageKeys('CONTENT', { dir: '.data/content-files', bucket: 'stageplein-content' }),
  /**
   * Public form submissions per client address per tenant in RATE_LIMIT_FORM_WINDOW_SECONDS (spam
   * protection without third parties, docs/decisions/forms.md); counted in the kit's limiter store.
   */
  RATE_LIMIT_FORM_SUBMISSIONS: z.coerce.number().int().positive().default(10),
  RATE_LIMIT_FORM_WINDOW_SECONDS: z.coerce.number().int().positive().default(600),
  /** Files visitors upload on public forms per client address per tenant in the same window. */
  RATE_LIMIT_FORM_FILES: z.coerce.number().int().positive().default(20),
};

export type TContentConfig = TConfigOf<typeof CONTENT_CONFIG>;
export type TContentDeps = TServiceDeps<TContentConfig>;
