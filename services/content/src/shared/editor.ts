import type { FastifyRequest } from 'fastify';
import {
  editsContent,
  formScope,
  uploadScope,
  type TContentScope,
} from '@stageplein/contracts/content/content-policy';
import type { TSignedInCaller } from '@stageplein/kit/auth/caller';
import { forbidden } from '@stageplein/kit/errors/api-error';
import { callerOf, requireCaller } from './caller.ts';
import type { TDb } from './request.ts';

/** Whether the caller edits this tenant's content (contracts' `editsContent`); never throws. */
export async function isEditor(req: FastifyRequest, db: TDb): Promise<boolean> {
  if (!req.auth) return false;
  const caller = await callerOf(req, db);
  return editsContent(caller.permissions, caller.current);
}

/** 401 without a caller, 403 unless they edit the tenant's content; returns them (the change's author). */
export async function requireEditor(req: FastifyRequest, db: TDb): Promise<TSignedInCaller> {
  const caller = await requireCaller(req, db);
  if (!editsContent(caller.permissions, caller.current)) throw forbidden();
  return caller;
}

type TScopeRule = typeof uploadScope;

/** 401 without a caller, 403 unless `rule` gives them a scope; returns them (the change's author) with it. */
async function requireScope(
  req: FastifyRequest,
  db: TDb,
  rule: TScopeRule,
): Promise<{ author: TSignedInCaller; scope: TContentScope }> {
  const caller = await requireCaller(req, db);
  const scope = rule(caller.permissions, caller.current);
  if (scope === null) throw forbidden();
  return { author: caller, scope };
}

/**
 * Uploads: content editors the tenant's, other admins their organization's (contracts' `uploadScope`).
 */
export const requireUploader = (req: FastifyRequest, db: TDb) => requireScope(req, db, uploadScope);

/** Forms, their submissions and files: content editors every form, School admins their School's (`formScope`). */
export const requireFormScope = (req: FastifyRequest, db: TDb) => requireScope(req, db, formScope);
