import { z } from 'zod';
import type { TConfig } from '@stageplein/kit/config/config';
import { DEFAULT_MAP_ATTRIBUTION, DEFAULT_MAP_TILE_URL } from '@stageplein/contracts/client/map-tiles';
import { parseSentryDsn } from './client-errors/sentry.ts';

/**
 * The gateway's own configuration keys (parsed with the kit's at boot: `parseConfig(env,
 * GATEWAY_CONFIG)`; the composition root merges them into STACK_CONFIG).
 */
export const GATEWAY_CONFIG = {
  /**
   * Optional Sentry-compatible DSN (`https://<public key>@<host>/<project id>`): browser error reports
   * are also forwarded there, scrubbed, as Sentry envelopes. Unset: they are only recorded in telemetry.
   */
  CLIENT_ERRORS_SENTRY_DSN: z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (!value) return undefined;
      const dsn = parseSentryDsn(value);
      if (!dsn) {
        ctx.addIssue({ code: 'custom', message: 'not a DSN of the form https://<key>@<host>/<project>' });
        return z.NEVER;
      }
      return dsn;
    }),
  /** Browser error reports one client address may send per window (then 429 `rate_limited`). */
  CLIENT_ERRORS_RATE_LIMIT: z.coerce.number().int().min(1).default(30),
  CLIENT_ERRORS_RATE_WINDOW_SECONDS: z.coerce.number().int().min(1).default(60),
  /**
   * The maps' background tiles (`{z}/{x}/{y}`, optional `{s}`), handed to both front ends in the page;
   * its origin is added to the CSP's `img-src`. Empty: no tiles, the maps show their fallback.
   */
  MAP_TILE_URL: z.string().default(DEFAULT_MAP_TILE_URL),
  /** The attribution the tile provider's licence asks for, shown on every map. */
  MAP_TILE_ATTRIBUTION: z.string().default(DEFAULT_MAP_ATTRIBUTION),
  /**
   * How long the gateway reuses what it served of a CMS page, news or the menu for the same tenant,
   * language and path (docs/decisions/content.md "Portal rendering"); never longer than the content
   * service lets it be cached (CONTENT_PUBLIC_MAX_AGE_SECONDS). 0: ask the content API on every request.
   */
  CMS_RENDER_CACHE_SECONDS: z.coerce.number().int().min(0).max(300).default(5),
};

export type TGatewayConfig = TConfig & z.output<z.ZodObject<typeof GATEWAY_CONFIG>>;
