import { describe, expect, it } from 'vitest';
import type { FastifyRequest } from 'fastify';
import { derivePermissions, NO_PERMISSIONS } from '@stageplein/contracts/identity/permissions';
import type { TCurrentOrganizationFacts } from '@stageplein/contracts/organizations/moderation';
import { ApiError } from '../errors/api-error.ts';
import type { TAuth } from './auth.types.ts';
import { ANONYMOUS, SYSTEM, callerOf, eventActorOf, requireCaller } from './caller.ts';

const ORG = '6f1c1a52-0000-4000-8000-000000000001';
const OTHER = '6f1c1a52-0000-4000-8000-000000000002';

function authFor(organizationId: string | null, roleOn: string): TAuth {
  const roles = [{ name: 'admin' as const, resourceType: 'School' as const, resourceId: roleOn }];
  return {
    userId: 'u-1',
    tenant: 'demo',
    client: 'c',
    uid: 'a@b.test',
    impersonatorId: 'op-1',
    expiresAt: new Date(0),
    roles,
    organizationId,
    permissions: derivePermissions(roles, organizationId ? { id: organizationId } : null),
  };
}

const requestWith = (auth: TAuth | null) => ({ auth }) as unknown as FastifyRequest;

describe("kit's caller", () => {
  const facts: TCurrentOrganizationFacts = { id: ORG, type: 'School', status: 'approved' };
  const asked: string[] = [];
  const currentOf = async (id: string) => {
    asked.push(id);
    return id === ORG ? facts : null;
  };

  it('is ANONYMOUS without credentials, and requireCaller answers 401', async () => {
    expect(await callerOf(requestWith(null), currentOf)).toBe(ANONYMOUS);
    await expect(requireCaller(requestWith(null), currentOf)).rejects.toBeInstanceOf(ApiError);
  });

  it('carries the user, the impersonator, the permissions and the current organization', async () => {
    const auth = authFor(ORG, ORG);
    const caller = await requireCaller(requestWith(auth), currentOf);
    expect(caller).toMatchObject({ userId: 'u-1', impersonatorId: 'op-1', auth, current: facts });
    expect(caller.permissions).toBe(auth.permissions);
  });

  it('reads no current organization the caller holds no role on', async () => {
    asked.length = 0;
    const caller = await callerOf(requestWith(authFor(OTHER, ORG)), currentOf);
    expect(caller.current).toBeNull();
    expect(asked).toEqual([]);
  });

  it("names the envelope's actor: the user, anonymous or system", () => {
    expect(eventActorOf({ userId: 'u-1', impersonatorId: null })).toBe('u-1');
    expect(eventActorOf(ANONYMOUS)).toBe('anonymous');
    expect(eventActorOf(SYSTEM)).toBe('system');
    expect(SYSTEM.permissions).toBe(NO_PERMISSIONS);
  });
});
