import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { sql, type Kysely, type Migration } from 'kysely';
import { z } from 'zod';
import type { TConfig, TConfigKeys } from './config/config.ts';
import './http/fastify-augmentations.ts';
import { tenantPlugin } from './tenant/tenant.plugin.ts';
import { tenantTransactionPlugin } from './db/tenant-transaction.plugin.ts';
import { JSONAPI_MEDIA_TYPE } from './errors/error-handler.ts';
import type { TConsumer, TEventTransport } from './outbox/transport.ts';
import type { TOutboxSettled } from './outbox/outbox-settled.ts';
import { authPlugin } from './auth/auth.plugin.ts';
import { readModelAuthSource } from './auth/auth-read-model.ts';
import { authKeys } from './auth/auth-keys.ts';
import { identitySessionCheck } from './auth/identity-session-check.ts';
import type { TAuthSource } from './auth/auth.types.ts';
import type { TTemporalClient } from './temporal/temporal-client.ts';

/**
 * Infrastructure a service receives; tests pass real engines. `TCfg` is the configuration the service
 * reads: the kit's keys plus its own (identity: `TIdentityConfig`).
 */
export interface TServiceDeps<TCfg extends TConfig = TConfig> {
  config: TCfg;
  /** RLS-bound app-role database (writing requests use `req.db()`, a transaction on it). */
  db: Kysely<unknown>;
  /** Tenant-bound read-only databases for safe requests (GET/HEAD); without it they use `db` too. */
  readDb?: (tenant: string) => Kysely<unknown>;
  transport?: TEventTransport;
  /**
   * The process's one Temporal client (`temporalClientFor(config)`, connected on first use), which the
   * platform closes: a service's routes and consumers start, signal and update workflows through it.
   */
  temporal: TTemporalClient;
  /** The clock; tests pin it. */
  now?: () => Date;
  /**
   * Resolves once every event committed to `schema`'s outbox for `tenant` so far has been applied by
   * every consumer that reads it (false after `timeoutMs`). Embedded profile: the in-process relay and
   * consumers; distributed profile: sent by the relay process and committed by every live Kafka
   * consumer group (outbox-settled.ts). Identity awaits it before answering a credential change, so
   * sign-out, reset, deactivation and role changes count in every service before the answer returns
   * (docs/decisions/auth.md). Absent without a transport that delivers events.
   */
  outboxSettled?: TOutboxSettled;
}

export interface TSeedContext {
  /** Owner connection: seeds run per tenant with `app.tenant_id` set, like requests. */
  db: Kysely<unknown>;
  today: Date;
  /** The process's configuration (every service's keys it parsed), e.g. the cost of seeded password hashes. */
  config?: TConfig;
}

/** What every service package exports; the gateway, tests and the standalone server all use it. */
export interface TServiceModule<TCfg extends TConfig = TConfig> {
  name: string;
  /**
   * The service's own configuration keys (a zod shape); the process that runs it parses them with the
   * kit's (`parseConfig(env, keys)`), and `registerService` checks that it did.
   */
  configKeys?: TConfigKeys;
  /** The PostgreSQL schema this service owns. */
  schema: string;
  /** URL prefixes this service answers (the gateway routes them here). */
  prefixes: readonly string[];
  migrations: Record<string, Migration>;
  routes: FastifyPluginAsync<TServiceDeps<TCfg>>;
  /** Idempotent demo data for one tenant (embedded profile only). */
  seedTenant?(ctx: TSeedContext, tenant: string): Promise<void>;
  consumers?(deps: TServiceDeps<TCfg>): TConsumer[];
  /**
   * Work the service runs beside its requests and consumers in every process that runs it (notifications'
   * mail worker), started by the platform after the consumers; the returned function stops it.
   */
  start?(deps: TServiceDeps<TCfg>): Promise<() => Promise<void>>;
  /**
   * Where credential checks find revocations and roles. Default: the kit read model in the service's
   * own schema (`authReadModelMigrationV1`, `…V2` + `authReadModelConsumer`), which such a service must include.
   */
  auth?(deps: TServiceDeps<TCfg>): TAuthSource;
}

/** Mounts a service in its own encapsulated scope: tenant resolution, per-request transaction, routes. */
export async function registerService<TCfg extends TConfig>(
  app: FastifyInstance,
  service: TServiceModule<TCfg>,
  deps: TServiceDeps<TCfg>,
): Promise<void> {
  assertConfigured(service, deps.config);
  app.readinessChecks.push({
    name: `${service.name}-db`,
    check: async () => {
      await sql`select 1`.execute(deps.db);
    },
  });
  await app.register(async (scope) => {
    await scope.register(tenantPlugin, {
      defaultTenant: deps.config.DEFAULT_TENANT,
      domainMap: deps.config.TENANT_DOMAINS,
      publicUrlTemplate: deps.config.PUBLIC_URL_TEMPLATE,
    });
    await scope.register(tenantTransactionPlugin, { db: deps.db, readDb: deps.readDb });
    await scope.register(authPlugin, {
      keys: authKeys(deps.config),
      source:
        service.auth?.(deps) ??
        readModelAuthSource(service.schema, {
          // Distributed profile: identity answers for clients whose issue event has not arrived yet.
          unseen: deps.config.IDENTITY_URL
            ? identitySessionCheck(deps.config.IDENTITY_URL, deps.config.AUTH_TOKEN_SECRET)
            : undefined,
        }),
      now: deps.now,
      cacheSeconds: deps.config.AUTH_CACHE_SECONDS,
    });
    scope.addHook('onRequest', async (_req, reply) => {
      reply.type(JSONAPI_MEDIA_TYPE);
    });
    await scope.register(service.routes, deps);
  });
}

/**
 * A process must parse the keys of every service it runs; a missing one is a wiring mistake at boot.
 * An optional key without a default is absent after parsing too, so only the others can tell.
 */
export function assertConfigured(service: Pick<TServiceModule, 'name' | 'configKeys'>, config: object): void {
  const mayBeAbsent = (schema: z.core.$ZodType) => {
    const parsed = z.safeParse(schema, undefined);
    return parsed.success && parsed.data === undefined;
  };
  const missing = Object.entries(service.configKeys ?? {})
    .filter(([key, schema]) => !(key in config) && !mayBeAbsent(schema))
    .map(([key]) => key);
  if (missing.length) {
    throw new Error(
      `${service.name}: the configuration was parsed without its keys (${missing.join(', ')}); parse it with the service's configKeys.`,
    );
  }
}
