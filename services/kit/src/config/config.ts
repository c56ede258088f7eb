import { z } from 'zod';
import { TENANT_IDS } from '@stageplein/contracts/tenants/tenant.types';
import { compileTrust } from '../http/proxy-trust.ts';

/**
 * Claim loops per relay when RELAY_CONCURRENCY is unset: 3, which the relay benchmark measured
 * against 2 (docs/decisions/events.md, "The relay"). The relay's own default and the benchmark use it too.
 */
export const DEFAULT_RELAY_CONCURRENCY = 3;

const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');

/**
 * The only reader of the environment. Parsed once at boot; everything else receives the result.
 * These are the kit's keys, which every process has; a service declares its own keys in its package
 * (e.g. `IDENTITY_CONFIG`), and a process parses the kit's keys plus those of the services it runs
 * (`parseConfig(env, keys)`; the composition root merges every service's). An unset DATABASE_URL
 * means the embedded profile (embedded PostgreSQL started by `npm start`).
 */
export const ZBaseConfig = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Owner/migrator connection; unset → embedded PostgreSQL. */
  DATABASE_URL: z.url().optional(),
  /** Password of the RLS-bound application role `stageplein_app` (and the relay role). */
  DATABASE_APP_PASSWORD: z.string().min(8).default('stageplein-app-local'),
  EMBEDDED_PG_PORT: z.coerce.number().int().default(54329),
  /**
   * The tenant of a request whose Host names none (and of its `tenant` cookie fallback). Unset: such a
   * request is refused with 421 `unknown_host`. `npm start` (embedded profile) sets `stageplein`, so plain
   * `localhost` works.
   */
  DEFAULT_TENANT: z.preprocess((v) => (v === '' ? undefined : v), z.enum(TENANT_IDS).optional()),
  /**
   * Proxies in front of this process (comma separated addresses or CIDRs, or `loopback`, `linklocal`,
   * `uniquelocal`): only their X-Forwarded-For/-Host/-Proto and `x-tenant` count. Empty: none. In the
   * distributed profile a service lists the gateway's network; the gateway lists a load balancer, if any.
   */
  TRUSTED_PROXIES: z
    .string()
    .default('')
    .transform((s) =>
      s
        .split(',')
        .map((p) => p.trim())
        .filter(Boolean),
    )
    .refine(
      (list) => {
        try {
          compileTrust(list);
          return true;
        } catch {
          return false;
        }
      },
      { message: 'not a list of IP addresses, CIDRs, loopback, linklocal or uniquelocal' },
    ),
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
  RELAY_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(DEFAULT_RELAY_CONCURRENCY),
  RELAY_POLL_MS: z.coerce.number().int().min(10).default(1000),
  /** Chunks one Kafka consumer group runs at once in a backlog (kit partition-lanes.ts; each may hold a database connection). */
  KAFKA_CONSUMER_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(8),
  /** `host:port` of a Temporal frontend; unset → `npm start` runs the Temporal dev server itself (embedded profile). */
  TEMPORAL_ADDRESS: z.string().optional(),
  TEMPORAL_NAMESPACE: z.string().default('default'),
  /**
   * A call of a service's Temporal client gives up after this long, so an event's delivery attempt
   * during an outage fails fast (and the event stays undelivered until Temporal answers again).
   */
  TEMPORAL_CALL_TIMEOUT_MS: z.coerce.number().int().min(100).default(5000),
  /** Port of the embedded Temporal dev server (its SQLite file is `.data/temporal/dev.sqlite`). */
  TEMPORAL_DEV_PORT: z.coerce.number().int().min(1).max(65535).default(7233),
  /** Set → rate limits and sign-in delays live in Redis, shared by every instance (distributed profile). */
  REDIS_URL: z.string().optional(),
  OTEL_EXPORTER_OTLP_ENDPOINT: z.url().optional(),
  /** Service URLs for the gateway in the distributed profile, e.g. `http://organizations:3002`. */
  IDENTITY_URL: z.url().optional(),
  ORGANIZATIONS_URL: z.url().optional(),
  PLACEMENTS_URL: z.url().optional(),
  CONTENT_URL: z.url().optional(),
  NOTIFICATIONS_URL: z.url().optional(),
  STAGING: bool,
  ALLOW_INACTIVE_USERS: bool,
  MOVE_ORGANIZATIONS: bool,
  STAGE_DOOR: bool,

  // Sign-in protocol (identity) and credential checks (every service).
  /**
   * Secret signing access tokens (HS256); every service verifies with it. Required by every process:
   * there is no shared default. `npm start` generates one per installation (`.data/auth-token-secret`).
   */
  AUTH_TOKEN_SECRET: z.string().min(32).optional(),
  /**
   * Key rotation: comma-separated former secrets that still verify (never sign) tokens, so sessions
   * signed before the change keep working until they expire or the key is dropped from this list.
   */
  AUTH_TOKEN_PREVIOUS_SECRETS: z
    .string()
    .default('')
    .transform((s) =>
      s
        .split(',')
        .map((k) => k.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().min(32, 'each previous secret needs at least 32 characters'))),
  /** Per-process reuse of a credential check; bounds how late a revocation can reach another instance. 0 = off. */
  AUTH_CACHE_SECONDS: z.coerce.number().min(0).max(60).default(2),
  /** A tenant's public site for mailed links; `{tenant}` is replaced. Default `http://{tenant}.localhost:<PORT>`. */
  PUBLIC_URL_TEMPLATE: z.string().optional(),
  /** The sender of every mail (notifications sends them all, docs/decisions/mail-delivery.md). */
  MAIL_FROM: z.string().default('Stageplein <no-reply@stageplein.localhost>'),
  /**
   * External action links (kit/external-links): requests carrying a link token per client address per
   * window, across every link and tenant of a process's limiter store (guessing is refused long before
   * it could matter; the tokens carry 256 random bits anyway).
   */
  EXTERNAL_LINK_RATE_LIMIT: z.coerce.number().int().positive().default(60),
  EXTERNAL_LINK_RATE_WINDOW_SECONDS: z.coerce.number().int().positive().default(60),
});
export type TBaseConfigInput = z.output<typeof ZBaseConfig>;

/** A service's own configuration keys (a zod shape), declared in its package. */
export type TConfigKeys = z.ZodRawShape;

/** Defaults that depend on other keys, and the secret every process must be given. */
function withDerivedDefaults<T extends TBaseConfigInput>(c: T, ctx: z.RefinementCtx) {
  // No shared development secret (issue #12): a known default lets anyone forge tokens.
  const secret = c.AUTH_TOKEN_SECRET;
  if (!secret) {
    ctx.addIssue({
      code: 'custom',
      path: ['AUTH_TOKEN_SECRET'],
      message:
        'required (at least 32 random characters, e.g. `openssl rand -base64 32`); `npm start` generates one in .data/auth-token-secret, every other process must be given the same secret as the services it talks to',
    });
    return z.NEVER;
  }
  return {
    ...c,
    AUTH_TOKEN_SECRET: secret,
    PUBLIC_URL_TEMPLATE: c.PUBLIC_URL_TEMPLATE ?? `http://{tenant}.localhost:${c.PORT}`,
  };
}

/** The schema of a process's configuration: the kit's keys and `keys` (the services' it runs). */
export function configSchema<K extends TConfigKeys>(keys: K) {
  const schema = ZBaseConfig.extend(keys);
  // TypeScript cannot see through a generic extend that the kit's keys are still there; they are.
  return schema.transform((c, ctx) =>
    withDerivedDefaults(c as z.output<typeof schema> & TBaseConfigInput, ctx),
  );
}

/** The configuration of a process that runs services with `keys`. */
export type TConfigOf<K extends TConfigKeys> = z.output<ReturnType<typeof configSchema<K>>>;

/** The kit's configuration: what every process has, and all kit code sees. */
export const ZConfig = configSchema({});
export type TConfig = z.output<typeof ZConfig>;

/**
 * A process's configuration from its environment: the kit's keys and those of the services it runs.
 * `fallbacks` fill keys the environment leaves unset, computed only then (the embedded profile's
 * generated secret).
 */
export function loadConfig<K extends TConfigKeys>(
  keys: K,
  fallbacks: Partial<Record<keyof TBaseConfigInput, () => string>> = {},
): TConfigOf<K> {
  const env: Record<string, string | undefined> = { ...process.env };
  for (const [key, fallback] of Object.entries(fallbacks)) if (!env[key] && fallback) env[key] = fallback();
  return parseConfig(env, keys);
}

export function parseConfig<K extends TConfigKeys = Record<never, never>>(
  env: Record<string, string | undefined> = process.env,
  keys: K = {} as K,
): TConfigOf<K> {
  const result = configSchema(keys).safeParse(env);
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
