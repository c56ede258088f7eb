import type { FastifyRequest } from 'fastify';
import { CompiledQuery } from 'kysely';
import type { TPermissions } from '@stageplein/contracts/identity/permissions';
import { NO_PERMISSIONS } from '@stageplein/contracts/identity/permissions';
import type { TCurrentOrganizationFacts } from '@stageplein/contracts/organizations/moderation';
import {
  organizationFactsMemo,
  type TOrganizationFacts,
} from '@stageplein/kit/read-models/organizations-read-model';
import type { TDb } from '../database.ts';
import type { TActor } from './request.ts';

/** The caller as the vacancy policy (contracts/src/placements/vacancy-policy.ts) sees them. */
export interface TCaller {
  actor: TActor;
  permissions: TPermissions;
  /** The current organization as placements' read model knows it, when the caller has a role there. */
  current: TCurrentOrganizationFacts | null;
}

export const ANONYMOUS: TCaller = {
  actor: { userId: null, impersonatorId: null },
  permissions: NO_PERMISSIONS,
  current: null,
};

const CURRENT_ORGANIZATION = (id: string) =>
  CompiledQuery.raw(
    'select id, organization_type, status from placements.organizations where id = $1 and not deleted',
    [id],
  ) as CompiledQuery<TOrganizationFacts>;

// The memo's keys name the database: processes that serve several (tests) never mix their rows.
const databases = new WeakMap<object, number>();
let lastDatabase = 0;
const databaseKey = (db: object) => {
  if (!databases.has(db)) databases.set(db, ++lastDatabase);
  return databases.get(db)!;
};

/**
 * Identity's role gives the organization's type; its status (approved or not) and existence come from
 * placements' read model of organizations' events. Without a role on the organization it is not theirs.
 */
export async function callerOf(req: FastifyRequest, db: TDb): Promise<TCaller> {
  const auth = req.auth;
  if (!auth) return ANONYMOUS;
  const actor = { userId: auth.userId, impersonatorId: auth.impersonatorId };
  const id = auth.organizationId;
  if (!id || !auth.roles.some((r) => String(r.resourceId) === id))
    return { actor, permissions: auth.permissions, current: null };
  // Precompiled: every placements request runs it, and building it with the query builder cost more
  // CPU than the lookup itself (internships benchmark profile, docs/benchmarks.md). Reads (the tenant's
  // read pool, not a transaction) reuse it from kit's memo: one round trip less per request.
  const load = async () => (await db.executeQuery(CURRENT_ORGANIZATION(id))).rows[0] ?? null;
  const row = db.isTransaction
    ? await load()
    : await organizationFactsMemo.get(`${databaseKey(db)}|${id}`, id, auth.factsTtlMs ?? 0, load);
  return {
    actor,
    permissions: auth.permissions,
    current: row ? { id: row.id, type: row.organization_type, status: row.status } : null,
  };
}
