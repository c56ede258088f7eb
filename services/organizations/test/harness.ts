import { randomUUID } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { expect } from 'vitest';
import { seedOrganizationId, type TSeedOrganizationKind } from '@stageplein/contracts/domain/seed-ids';
import type { TEventEnvelope } from '@stageplein/contracts/events/envelope';
import type { TEventPayload, TEventType } from '@stageplein/contracts/events/payloads';
import type { TOrganizationType, TRoleName } from '@stageplein/contracts/identity/roles';
import type { TTenantId } from '@stageplein/contracts/tenants/tenant.types';
import { signAccessToken } from '@stageplein/kit/auth/access-token';
import { createHttpApp } from '@stageplein/kit/http/http-app';
import type { TPlatform } from '@stageplein/kit/runtime/platform';
import { registerService, type TServiceDeps, type TServiceModule } from '@stageplein/kit/service';
import { expectJsonApi } from '@stageplein/testing/jsonapi-conformance';
import { testPlatform } from '@stageplein/testing/harness';
import { organizationsService } from '../src/organizations.module.ts';
import type { TStackConfig } from '@stageplein/stack/services';
import { eventually } from '@stageplein/testing/eventually';

/** 2026-11-21: school year 2026-2027 is current, 2027-2028 next. */
export const NOW = new Date('2026-11-21T12:00:00Z');

export interface THarness {
  app: FastifyInstance;
  platform: TPlatform<TStackConfig> & { ownerUrl: string; config: TStackConfig };
  deps: TServiceDeps<TStackConfig>;
  owner: Kysely<unknown>;
  /** Another app on the same database and platform, with different configuration (deployment flags). */
  appWith(config: Partial<TStackConfig>): Promise<FastifyInstance>;
  close(): Promise<void>;
}

/**
 * A fresh seeded database, the platform (relay delivering to the in-process consumers) and an HTTP
 * app with the services mounted (organizations alone unless told otherwise), on a pinned clock.
 */
export async function harness(
  options: { services?: readonly TServiceModule<TStackConfig>[]; env?: Record<string, string> } = {},
): Promise<THarness> {
  const services = options.services ?? [organizationsService];
  const platform = await testPlatform(services, { seed: true, now: NOW, env: options.env });
  const deps = platform.deps;
  const apps: FastifyInstance[] = [];
  const build = async (d: TServiceDeps<TStackConfig>) => {
    const app = await createHttpApp({ name: 'organizations-test', logger: false });
    for (const service of services) await registerService(app, service, d);
    apps.push(app);
    return app;
  };
  const app = await build(deps);
  return {
    app,
    platform,
    deps,
    owner: platform.owner,
    appWith: (config) => build({ ...deps, config: { ...deps.config, ...config } }),
    async close() {
      for (const a of apps) await a.close();
      await platform.close();
    },
  };
}

export const seedOrg = (kind: TSeedOrganizationKind, tenant: TTenantId = 'demo') =>
  seedOrganizationId(tenant, kind);

/** Delivers an event as if its producer had published it: through the platform's transport to the consumers. */
export async function deliver<T extends TEventType>(
  h: THarness,
  type: T,
  subject: string,
  data: TEventPayload<T>,
  options: { tenant?: TTenantId; id?: string } = {},
): Promise<TEventEnvelope> {
  const envelope: TEventEnvelope = {
    id: options.id ?? randomUUID(),
    type,
    source: type.split('.')[0]!,
    subject,
    time: new Date().toISOString(),
    tenant: options.tenant ?? 'demo',
    actor: 'system',
    version: 1,
    data: data as Record<string, unknown>,
  };
  await h.platform.transport.publish([envelope]);
  return envelope;
}

export interface TUser {
  id: string;
  tenant: TTenantId;
  creds: { 'access-token': string; client: string; uid: string };
  roles: { roleId: string; name: TRoleName; type: TOrganizationType; organizationId: string }[];
  /** Headers for a call as this user, with the current organization (default: their first role's). */
  as(organizationId?: string | null): Record<string, string>;
}

/**
 * A signed-in user of a tenant with the given roles. The credentials are a real access token signed
 * with the platform's secret (every service checks tokens itself); the roles reach this service the
 * way identity announces them: `identity.role.added` events through the transport.
 */
export async function userWith(
  h: THarness,
  roles: [TRoleName, string, TOrganizationType][],
  tenant: TTenantId = 'demo',
): Promise<TUser> {
  const id = randomUUID();
  const client = randomUUID();
  const iat = Math.floor(NOW.getTime() / 1000);
  const uid = `${id.slice(0, 8)}@${tenant}.test`;
  const token = signAccessToken(
    { sub: id, ten: tenant, cid: client, uid, iat, exp: iat + 3600 * 24 },
    h.deps.config.AUTH_TOKEN_SECRET,
  );
  const user: TUser = {
    id,
    tenant,
    creds: { 'access-token': token, client, uid },
    roles: [],
    as(organizationId) {
      const org = organizationId === undefined ? user.roles[0]?.organizationId : organizationId;
      return { 'x-tenant': tenant, ...user.creds, ...(org ? { 'x-current-organization-id': org } : {}) };
    },
  };
  // Sessions are an allow-list: the client counts once identity's issue event has reached this service.
  await deliver(
    h,
    'identity.session.issued',
    id,
    {
      user_id: id,
      client,
      expires_at: new Date((iat + 3600 * 24) * 1000).toISOString(),
      impersonator_id: null,
    },
    { tenant },
  );
  for (const [name, organizationId, type] of roles) await grant(h, user, name, organizationId, type);
  return user;
}

export async function grant(
  h: THarness,
  user: TUser,
  name: TRoleName,
  organizationId: string,
  type: TOrganizationType,
) {
  const roleId = randomUUID();
  await deliver(
    h,
    'identity.role.added',
    user.id,
    { user_id: user.id, role_id: roleId, name, resource_type: type, resource_id: organizationId },
    { tenant: user.tenant },
  );
  user.roles.push({ roleId, name, type, organizationId });
  return roleId;
}

export async function revoke(h: THarness, user: TUser, name: TRoleName, organizationId: string) {
  const role = user.roles.find((r) => r.name === name && r.organizationId === organizationId)!;
  await deliver(
    h,
    'identity.role.removed',
    user.id,
    { user_id: user.id, role_id: role.roleId, name, resource_type: role.type, resource_id: organizationId },
    { tenant: user.tenant },
  );
  user.roles = user.roles.filter((r) => r !== role);
}

/** An organization made directly in the database (owner connection), e.g. a pending one. */
export async function makeOrganization(
  h: THarness,
  values: {
    type: TOrganizationType;
    status: string;
    name?: string;
    tenant?: TTenantId;
    postcode?: string | null;
    parentId?: string;
  },
): Promise<string> {
  const tenant = values.tenant ?? 'demo';
  const name = values.name ?? `${values.type} ${randomUUID().slice(0, 8)}`;
  const { rows } = await sql<{ id: string }>`
    insert into organizations.organizations (tenant_id, type, status, name, city, postcode, parent_id, created_at, updated_at)
    values (${tenant}, ${values.type}, ${values.status}, ${name}, 'Harderwijk', ${values.postcode ?? null}, ${values.parentId ?? null}, now(), now())
    returning id`.execute(h.owner);
  return rows[0]!.id;
}

/** `app.inject` that also checks every JSON body is a JSON:API document. */
export async function call(app: FastifyInstance, options: InjectOptions): Promise<LightMyRequestResponse> {
  const res = await app.inject(options);
  if (res.body && res.headers['content-type']?.toString().includes('json')) expectJsonApi(res.json());
  return res;
}

/** Events of one type in the organizations outbox (owner connection), oldest first. */
export async function outboxEvents(h: THarness, type: string, subject?: string) {
  const { rows } = await sql<{ envelope: TEventEnvelope }>`
    select envelope from organizations.outbox where type = ${type}
    ${subject ? sql`and aggregate_id = ${subject}` : sql``} order by seq`.execute(h.owner);
  return rows.map((r) => r.envelope);
}

export async function auditOf(h: THarness, subjectId: string) {
  const { rows } = await sql<{
    action: string;
    actor_id: string | null;
    before_status: string | null;
    after_status: string | null;
    data: Record<string, unknown>;
  }>`select action, actor_id, before_status, after_status, data from organizations.audit_log
     where subject_id = ${subjectId} order by id`.execute(h.owner);
  return rows;
}

export function expectError(res: LightMyRequestResponse, status: number, code?: string) {
  expect(res.statusCode, res.body).toBe(status);
  if (code) expect(res.json().errors[0].code, res.body).toBe(code);
}

export { eventually };
