import { z } from 'zod';
import type { TConfigOf } from '@stageplein/kit/config/config';
import type { TServiceDeps } from '@stageplein/kit/service';

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
   * Where uploaded files' bytes live (uploads/storage.ts): `postgres` (a bytea table, in the upload's
   * transaction; every profile) or `filesystem` (under CONTENT_FILE_DIR; the embedded profile, one
   * process). No S3-compatible store could be run here, so there is no `s3` adapter yet.
   */
  CONTENT_FILE_STORAGE: z.enum(['postgres', 'filesystem']).default('postgres'),
  CONTENT_FILE_DIR: z.string().min(1).default('.data/content-files'),
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
