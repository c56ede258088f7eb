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
   * transaction; the default), `filesystem` (under CONTENT_FILE_DIR; the embedded profile, one process)
   * or `s3` (an S3-compatible store, CONTENT_S3_*; the distributed profile, VersityGW in compose).
   */
  CONTENT_FILE_STORAGE: z.enum(['postgres', 'filesystem', 's3']).default('postgres'),
  CONTENT_FILE_DIR: z.string().min(1).default('.data/content-files'),
  /** The S3 API's address, e.g. `http://versitygw:7070`; empty: AWS S3 itself (for CONTENT_S3_REGION). */
  CONTENT_S3_ENDPOINT: z.union([z.literal(''), z.url()]).default(''),
  /** The region requests are signed for (SigV4); a single-site store takes any, usually `us-east-1`. */
  CONTENT_S3_REGION: z.string().min(1).default('us-east-1'),
  /** The bucket of every tenant's files (keys `<tenant>/<2 hex>/<key>`); created at start if missing. */
  CONTENT_S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'an S3 bucket name: 3–63 of a-z, 0-9, dot, hyphen')
    .default('stageplein-content'),
  /**
   * Required with `CONTENT_FILE_STORAGE=s3`: the store's access key and secret (requests are signed).
   * Empty defaults rather than optional keys: a process must have parsed every key of content's.
   */
  CONTENT_S3_ACCESS_KEY_ID: z.string().default(''),
  CONTENT_S3_SECRET_ACCESS_KEY: z.string().default(''),
  /** `<endpoint>/<bucket>/<key>` (self-hosted stores) instead of `<bucket>.<endpoint>` (AWS). */
  CONTENT_S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false', '1', '0'])
    .default('true')
    .transform((v) => v === 'true' || v === '1'),
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
