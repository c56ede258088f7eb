import type { FastifyRequest } from 'fastify';
import {
  editsContent,
  formScope,
  uploadScope,
  type TContentScope,
} from '@stageplein/contracts/content/content-policy';
import { authorize } from '@stageplein/kit/auth/policy';
import type { TAuthor, TDb } from './request.ts';

/**
 * The caller's current organization as content knows it (kit's read model of organizations' events), when
 * the caller has a role there; identity's role only knows the type, the status decides (pending
 * applicants are admins of their own request).
 */
async function currentOrganization(req: FastifyRequest, db: TDb) {
  const auth = req.auth;
  const id = auth?.organizationId;
  if (!auth || !id || !auth.roles.some((r) => String(r.resourceId) === id)) return null;
  const row = await db
    .selectFrom('content.organizations')
    .select(['id', 'organization_type', 'status'])
    .where('id', '=', id)
    .where('deleted', '=', false)
    .executeTakeFirst();
  return row ? { id: row.id, type: row.organization_type, status: row.status } : null;
}

/** Whether the caller edits this tenant's content (contracts' `editsContent`); never throws. */
export async function isEditor(req: FastifyRequest, db: TDb): Promise<boolean> {
  if (!req.auth) return false;
  return editsContent(req.auth.permissions, await currentOrganization(req, db));
}

/** 401 without a caller, 403 unless they edit the tenant's content; returns them as the change's author. */
export async function requireEditor(req: FastifyRequest, db: TDb): Promise<TAuthor> {
  const current = req.auth ? await currentOrganization(req, db) : null;
  const auth = authorize(req, (a) => editsContent(a.permissions, current));
  return { userId: auth.userId, impersonatorId: auth.impersonatorId };
}

type TScopeRule = typeof uploadScope;

/** 401 without a caller, 403 unless `rule` gives them a scope; returns them as the change's author with it. */
async function requireScope(
  req: FastifyRequest,
  db: TDb,
  rule: TScopeRule,
): Promise<{ author: TAuthor; scope: TContentScope }> {
  const current = req.auth ? await currentOrganization(req, db) : null;
  const auth = authorize(req, (a) => rule(a.permissions, current) !== null);
  return {
    author: { userId: auth.userId, impersonatorId: auth.impersonatorId },
    scope: rule(auth.permissions, current)!,
  };
}

/**
 * Uploads: content editors the tenant's, other admins their organization's (contracts' `uploadScope`).
 */
export const requireUploader = (req: FastifyRequest, db: TDb) => requireScope(req, db, uploadScope);

/** Forms, their submissions and files: content editors every form, School admins their School's (`formScope`). */
export const requireFormScope = (req: FastifyRequest, db: TDb) => requireScope(req, db, formScope);
