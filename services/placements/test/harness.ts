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
import { expectJsonApi } from '@stageplein/testing/jsonapi-conformance';
import { testPlatform } from '@stageplein/testing/harness';
import type { TStackConfig } from '@stageplein/stack/services';
import { placementsService } from '../src/placements.module.ts';
import { eventually } from '@stageplein/testing/eventually';

export const NOW = new Date('2026-11-21T12:00:00Z');

export interface THarness {
  app: FastifyInstance;
  platform: TPlatform<TStackConfig> & { ownerUrl: string; config: TStackConfig };
  deps: TServiceDeps<TStackConfig>;
  owner: Kysely<unknown>;
  close(): Promise<void>;
}

/**
 * A fresh seeded database, the platform (relay delivering to the consumers) and placements' HTTP app.
 * `services` run beside placements in the platform (e.g. organizations, for its read model of vacancies).
 */
export async function harness(services: readonly TServiceModule<TStackConfig>[] = []): Promise<THarness> {
  const platform = await testPlatform([...services, placementsService], { seed: true, now: NOW });
  const app = await createHttpApp({ name: 'placements-test', logger: false });
  for (const service of [...services, placementsService]) await registerService(app, service, platform.deps);
  return {
    app,
    platform,
    deps: platform.deps,
    owner: platform.owner,
    async close() {
      await app.close();
      await platform.close();
    },
  };
}

/** Delivers an event as if its producer had published it: through the platform's transport to the consumers. */
export async function deliver<T extends TEventType>(
  h: THarness,
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

/** An organization as organizations announces it (placements keeps its snapshot from these events). */
export async function organization(
  h: THarness,
  type: TOrganizationType,
  status: TOrganizationStatus,
  tenant: TTenantId = 'demo',
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
      city: 'Amersfoort',
      parent_id: null,
      postcode: '3811 CB',
      latitude: 52.1561,
      longitude: 5.3878,
    },
    tenant,
  );
  await eventually(async () => {
    const { rows } =
      await sql`select 1 from placements.organizations where id = ${id} and status = ${status}`.execute(
        h.owner,
      );
    expect(rows).toHaveLength(1);
  });
  return id;
}

export interface TUser {
  id: string;
  tenant: TTenantId;
  /** Headers for a call as this user with their (first) organization as the current one. */
  headers: Record<string, string>;
}

/**
 * A signed-in user with one role on an organization: a real access token signed with the platform's
 * secret, the role announced the way identity does (`identity.role.added` through the transport).
 */
export async function userWith(
  h: THarness,
  role: TRoleName,
  organizationId: string,
  type: TOrganizationType,
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
  const roleId = randomUUID();
  await deliver(
    h,
    'identity.role.added',
    id,
    { user_id: id, role_id: roleId, name: role, resource_type: type, resource_id: organizationId },
    tenant,
  );
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
    tenant,
  );
  await eventually(async () => {
    const { rows } = await sql`select 1 from placements.auth_roles where role_id = ${roleId}`.execute(
      h.owner,
    );
    expect(rows).toHaveLength(1);
    const sessions = await sql`select 1 from placements.auth_sessions where client = ${client}`.execute(
      h.owner,
    );
    expect(sessions.rows).toHaveLength(1);
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

/** An admin acting for a new organization of the type and status. */
export async function adminOf(
  h: THarness,
  type: TOrganizationType,
  status: TOrganizationStatus = 'approved',
  tenant: TTenantId = 'demo',
): Promise<TUser & { organizationId: string }> {
  const organizationId = await organization(h, type, status, tenant);
  return { ...(await userWith(h, 'admin', organizationId, type, tenant)), organizationId };
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

/** Events of one type in placements' outbox (owner connection), oldest first. */
export async function outboxEvents(h: THarness, type: string, subject?: string) {
  const { rows } = await sql<{ envelope: TEventEnvelope }>`
    select envelope from placements.outbox where type = ${type}
    ${subject ? sql`and aggregate_id = ${subject}` : sql``} order by seq`.execute(h.owner);
  return rows.map((r) => r.envelope);
}

export async function auditOf(h: THarness, subjectId: string) {
  const { rows } = await sql<{ action: string; actor_id: string | null; tenant_id: string }>`
    select action, actor_id, tenant_id from placements.audit_log where subject_id = ${subjectId} order by id`.execute(
    h.owner,
  );
  return rows;
}

export { eventually };
