import { z } from 'zod';
import { TENANT_IDS } from '@stageplein/contracts/tenants/tenant.types';

const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');

/**
 * The only reader of the environment. Parsed once at boot; everything else receives the result.
 * An unset DATABASE_URL means the embedded profile (embedded PostgreSQL started by `npm start`).
 */
export const ZConfig = z
  .object({
    NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
    HOST: z.string().default('0.0.0.0'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** Owner/migrator connection; unset → embedded PostgreSQL. */
    DATABASE_URL: z.url().optional(),
    /** Password of the RLS-bound application role `stageplein_app` (and the relay role). */
    DATABASE_APP_PASSWORD: z.string().min(8).default('stageplein-app-local'),
    EMBEDDED_PG_PORT: z.coerce.number().int().default(54329),
    DEFAULT_TENANT: z.enum(TENANT_IDS).default('stageplein'),
    /** Extra host → tenant map, e.g. `stage.raayland.nl=raayland,masplein.nl=masplein`. */
    TENANT_DOMAINS: z
      .string()
      .default('')
      .transform((s) =>
        Object.fromEntries(
          s
            .split(',')
            .map((pair) => pair.trim())
            .filter(Boolean)
            .map((pair) => pair.split('=') as [string, string]),
        ),
      )
      .pipe(z.record(z.string(), z.enum(TENANT_IDS))),
    /** Comma-separated `host:port` list; set → events go through Kafka (distributed profile). */
    KAFKA_BROKERS: z.string().optional(),
    /** Prefix of topics and consumer groups (`<ns>.<service>.<aggregate>`); tests isolate runs with it. */
    KAFKA_NAMESPACE: z
      .string()
      .regex(/^[a-z0-9][a-z0-9-]*$/)
      .default('stageplein'),
    /**
     * Event latency knobs (docs/decisions/events.md, "Latency"). Relay: rows per claimed batch, claim
     * loops per relay, and the poll interval that backs up the commit notification.
     */
    RELAY_BATCH_SIZE: z.coerce.number().int().min(1).max(5000).default(500),
    RELAY_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(2),
    RELAY_POLL_MS: z.coerce.number().int().min(10).default(1000),
    /** Kafka partitions one consumer group processes at once (each may hold a database connection). */
    KAFKA_CONSUMER_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(8),
    /** `host:port` of a Temporal frontend; unset → `npm start` runs the Temporal dev server itself (embedded profile). */
    TEMPORAL_ADDRESS: z.string().optional(),
    TEMPORAL_NAMESPACE: z.string().default('default'),
    /** Port of the embedded Temporal dev server (its SQLite file is `.data/temporal/dev.sqlite`). */
    TEMPORAL_DEV_PORT: z.coerce.number().int().min(1).max(65535).default(7233),
    /** Valid rows per batch of a student import (one identity call and one transaction each). */
    IMPORT_BATCH_SIZE: z.coerce.number().int().min(1).max(1000).default(500),
    REDIS_URL: z.string().optional(),
    OTEL_EXPORTER_OTLP_ENDPOINT: z.url().optional(),
    /** Service URLs for the gateway in the distributed profile, e.g. `http://organizations:3002`. */
    IDENTITY_URL: z.url().optional(),
    ORGANIZATIONS_URL: z.url().optional(),
    PLACEMENTS_URL: z.url().optional(),
    CONTENT_URL: z.url().optional(),
    STAGING: bool,
    ALLOW_INACTIVE_USERS: bool,
    MOVE_ORGANIZATIONS: bool,
    STAGE_DOOR: bool,

    // Sign-in protocol (identity) and credential checks (every service).
    /** Shared secret signing access tokens (HS256); every service verifies with it. Required in production. */
    AUTH_TOKEN_SECRET: z.string().min(32).optional(),
    /** devise_token_auth token lifespan: two weeks. */
    AUTH_TOKEN_TTL_HOURS: z.coerce.number().positive().default(336),
    /** Per-process reuse of a credential check; bounds how late a revocation can reach another instance. 0 = off. */
    AUTH_CACHE_SECONDS: z.coerce.number().min(0).max(60).default(2),
    /** Signed-in clients per user; signing in on one more evicts the oldest. */
    AUTH_MAX_CLIENTS: z.coerce.number().int().min(1).default(10),
    /** Lifetime of a "sign in as user" token. */
    IMPERSONATION_TTL_MINUTES: z.coerce.number().positive().default(60),
    PASSWORD_RESET_TTL_HOURS: z.coerce.number().positive().default(6),
    CONFIRMATION_TTL_DAYS: z.coerce.number().positive().default(14),
    PASSWORDLESS_TTL_MINUTES: z.coerce.number().positive().default(15),
    ACCOUNT_DELETION_TTL_HOURS: z.coerce.number().positive().default(24),
    /** Failed sign-ins in a row that lock an account, and for how long. */
    AUTH_LOCK_AFTER_ATTEMPTS: z.coerce.number().int().min(1).default(10),
    AUTH_LOCK_MINUTES: z.coerce.number().positive().default(60),
    /** log2 of scrypt's N for new password hashes (existing hashes keep their own parameters). */
    PASSWORD_SCRYPT_COST: z.coerce.number().int().min(10).max(20).default(15),
    /** Requests per window per client address (and email, where the body has one). */
    RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().positive().default(60),
    RATE_LIMIT_SIGN_IN: z.coerce.number().int().positive().default(10),
    RATE_LIMIT_PASSWORD: z.coerce.number().int().positive().default(5),
    RATE_LIMIT_CONFIRM: z.coerce.number().int().positive().default(10),
    /** Origins (comma separated, `{tenant}` replaced) allowed as password-reset redirect besides the tenant's own site. */
    PASSWORD_RESET_REDIRECT_ALLOW_LIST: z
      .string()
      .default('')
      .transform((s) =>
        s
          .split(',')
          .map((o) => o.trim())
          .filter(Boolean),
      ),
    /** A tenant's public site for mailed links; `{tenant}` is replaced. Default `http://{tenant}.localhost:<PORT>`. */
    PUBLIC_URL_TEMPLATE: z.string().optional(),
    /** Where outgoing mail goes; `dev-mailbox` keeps it in the database, readable at /api/v1/dev/mailbox. */
    MAIL_TRANSPORT: z.enum(['dev-mailbox']).default('dev-mailbox'),
    MAIL_FROM: z.string().default('Stageplein <no-reply@stageplein.localhost>'),
  })
  .transform((c, ctx) => {
    // Secrets fall back to a development value only outside production.
    let secret = c.AUTH_TOKEN_SECRET;
    if (!secret) {
      if (c.NODE_ENV === 'production') {
        ctx.addIssue({
          code: 'custom',
          path: ['AUTH_TOKEN_SECRET'],
          message: 'required when NODE_ENV=production',
        });
        return z.NEVER;
      }
      secret = DEV_AUTH_TOKEN_SECRET;
    }
    return {
      ...c,
      AUTH_TOKEN_SECRET: secret,
      PUBLIC_URL_TEMPLATE: c.PUBLIC_URL_TEMPLATE ?? `http://{tenant}.localhost:${c.PORT}`,
    };
  });
export type TConfig = z.infer<typeof ZConfig>;

/** Development-only signing secret; production refuses to start without AUTH_TOKEN_SECRET. */
export const DEV_AUTH_TOKEN_SECRET = 'stageplein-development-token-secret-not-for-production';

export function parseConfig(env: Record<string, string | undefined> = process.env): TConfig {
  const result = ZConfig.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return result.data;
}

export function deploymentFlags(config: TConfig) {
  return {
    staging: config.STAGING,
    allowInactiveUsers: config.ALLOW_INACTIVE_USERS,
    moveOrganizations: config.MOVE_ORGANIZATIONS,
    stageDoor: config.STAGE_DOOR,
  };
}
