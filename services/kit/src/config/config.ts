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
export const ZConfig = z.object({
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
  KAFKA_BROKERS: z.string().optional(),
  TEMPORAL_ADDRESS: z.string().optional(),
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
});
export type TConfig = z.infer<typeof ZConfig>;

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
