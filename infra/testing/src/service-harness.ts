import { randomUUID } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { expect } from 'vitest';
import type { TEventEnvelope } from '@stageplein/contracts/events/envelope';
import type { TEventPayload, TEventType } from '@stageplein/contracts/events/payloads';
import type { TOrganizationType, TRoleName } from '@stageplein/contracts/identity/roles';
import type { TOrganizationStatus } from '@stageplein/contracts/organizations/organizations';
import type { TTenantId } from '@stageplein/contracts/tenants/tenant.types';
import { signAccessToken } from '@stageplein/kit/auth/access-token';
import { createHttpApp } from '@stageplein/kit/http/http-app';
import type { TPlatform } from '@stageplein/kit/runtime/platform';
import { registerService, type TServiceDeps, type TServiceModule } from '@stageplein/kit/service';
import type { TStackConfig } from '@stageplein/stack/services';
import { eventually } from './eventually.ts';
import { testPlatform } from './harness.ts';
import { expectJsonApi } from './jsonapi-conformance.ts';

/**
 * One service under test on a fresh seeded database (services/content and services/placements use it):
 * the platform with its relay delivering to the consumers, the service's HTTP app, and the helpers
 * that play identity and organizations by publishing their events — so a test needs no other service.
 */
export interface TServiceHarness {
  app: FastifyInstance;
  platform: TPlatform<TStackConfig> & { ownerUrl: string; config: TStackConfig };
  deps: TServiceDeps<TStackConfig>;
  owner: Kysely<unknown>;
  /** The service's schema: where the helpers look for its read models, outbox and audit log. */
  schema: string;
  now: Date;
  close(): Promise<void>;
}

/** `also`: services mounted beside it (e.g. organizations, for its read model of the service's events). */
export async function serviceHarness(
  service: TServiceModule<TStackConfig>,
  options: { now: Date; also?: readonly TServiceModule<TStackConfig>[] },
): Promise<TServiceHarness> {
  const services = [...(options.also ?? []), service];
  const platform = await testPlatform(services, { seed: true, now: options.now });
  const app = await createHttpApp({ name: `${service.name}-test`, logger: false });
  for (const s of services) await registerService(app, s, platform.deps);
  return {
    app,
    platform,
    deps: platform.deps,
    owner: platform.owner,
    schema: service.schema,
    now: options.now,
    async close() {
      await app.close();
      await platform.close();
    },
  };
}

/** Delivers an event as if its producer had published it: through the platform's transport to the consumers. */
export async function deliver<T extends TEventType>(
  h: TServiceHarness,
  type: T,
  subject: string,
  data: TEventPayload<T>,
  tenant: TTenantId = 'demo',
): Promise<void> {
  const envelope: TEventEnvelope = {
    id: randomUUID(),
    type,
    source: type.split('.')[0]!,
    subject,
    time: new Date().toISOString(),
    tenant,
    actor: 'system',
    version: 1,
    data: data as Record<string, unknown>,
  };
  await h.platform.transport.publish([envelope]);
}

const rowsOf = async (h: TServiceHarness, query: ReturnType<typeof sql>) =>
  (await query.execute(h.owner)).rows;

/**
 * An organization as organizations announces it; resolves once the service's read model has it.
 * `snapshot`: more of the announced attributes (city, postcode, coordinates…).
 */
export async function announceOrganization(
  h: TServiceHarness,
  type: TOrganizationType,
  status: TOrganizationStatus,
  tenant: TTenantId = 'demo',
  snapshot: Partial<TEventPayload<'organizations.organization.updated'>> = {},
): Promise<string> {
  const id = randomUUID();
  await deliver(
    h,
    'organizations.organization.updated',
    id,
    {
      organization_id: id,
      organization_type: type,
      name: `${type} ${id.slice(0, 8)}`,
      status,
      website: null,
      city: null,
      parent_id: null,
      ...snapshot,
    },
    tenant,
  );
  const table = sql.table(`${h.schema}.organizations`);
  await eventually(async () => {
    expect(await rowsOf(h, sql`select 1 from ${table} where id = ${id} and status = ${status}`)).toHaveLength(
      1,
    );
  });
  return id;
}

/** A person as identity's user events carry them (active, Dutch, no periodic mail unless told). */
export const userSnapshot = (
  id: string,
  first: string,
  last: string,
  email: string,
  overrides: Partial<TEventPayload<'identity.user.created'>> = {},
): TEventPayload<'identity.user.created'> => ({
  user_id: id,
  email,
  first_name: first,
  last_name: last,
  gender: null,
  status: 'active',
  locale: 'nl',
  periodic_mail_frequency: 'never',
  ...overrides,
});

export interface TUser {
  id: string;
  tenant: TTenantId;
  /** Headers for a call as this user with their (first) organization as the current one. */
  headers: Record<string, string>;
}

/**
 * A signed-in user with one role on an organization: a real access token signed with the platform's
 * secret, the role and the session announced the way identity does (through the transport).
 */
export async function userWith(
  h: TServiceHarness,
  role: TRoleName,
  organizationId: string,
  type: TOrganizationType,
  tenant: TTenantId = 'demo',
): Promise<TUser> {
  const id = randomUUID();
  const client = randomUUID();
  const iat = Math.floor(h.now.getTime() / 1000);
  const uid = `${id.slice(0, 8)}@${tenant}.test`;
  const token = signAccessToken(
    { sub: id, ten: tenant, cid: client, uid, iat, exp: iat + 3600 * 24 },
    h.deps.config.AUTH_TOKEN_SECRET,
  );
  const roleId = randomUUID();
  await deliver(
    h,
    'identity.role.added',
    id,
    { user_id: id, role_id: roleId, name: role, resource_type: type, resource_id: organizationId },
    tenant,
  );
  // Sessions are an allow-list: the client counts once identity's issue event has reached the service.
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
    tenant,
  );
  const [roles, sessions] = [sql.table(`${h.schema}.auth_roles`), sql.table(`${h.schema}.auth_sessions`)];
  await eventually(async () => {
    expect(await rowsOf(h, sql`select 1 from ${roles} where role_id = ${roleId}`)).toHaveLength(1);
    expect(await rowsOf(h, sql`select 1 from ${sessions} where client = ${client}`)).toHaveLength(1);
  });
  return {
    id,
    tenant,
    headers: {
      'x-tenant': tenant,
      'access-token': token,
      client,
      uid,
      'x-current-organization-id': organizationId,
    },
  };
}

/** `app.inject` that also checks every JSON:API body against the JSON:API schema. */
export async function call(app: FastifyInstance, options: InjectOptions): Promise<LightMyRequestResponse> {
  const res = await app.inject(options);
  if (res.body && res.headers['content-type']?.toString().includes('vnd.api+json')) expectJsonApi(res.json());
  return res;
}

export function expectStatus(res: LightMyRequestResponse, status: number, code?: string) {
  expect(res.statusCode, res.body).toBe(status);
  if (code) expect(res.json().errors[0].code, res.body).toBe(code);
}

/** Events of one type in the service's outbox (owner connection), oldest first. */
export async function outboxEvents(h: TServiceHarness, type: string, subject?: string) {
  const { rows } = await sql<{ envelope: TEventEnvelope }>`
    select envelope from ${sql.table(`${h.schema}.outbox`)} where type = ${type}
    ${subject ? sql`and aggregate_id = ${subject}` : sql``} order by seq`.execute(h.owner);
  return rows.map((r) => r.envelope);
}

/** The service's audit log of one subject, oldest first. */
export async function auditOf(h: TServiceHarness, subjectId: string) {
  const { rows } = await sql<{ action: string; actor_id: string | null; tenant_id: string }>`
    select action, actor_id, tenant_id from ${sql.table(`${h.schema}.audit_log`)}
    where subject_id = ${subjectId} order by id`.execute(h.owner);
  return rows;
}
