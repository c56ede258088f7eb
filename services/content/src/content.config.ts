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
};

export type TContentConfig = TConfigOf<typeof CONTENT_CONFIG>;
export type TContentDeps = TServiceDeps<TContentConfig>;
