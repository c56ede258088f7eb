import type { FastifyRequest } from 'fastify';
import { ApiError, unauthorized } from '../errors/api-error.ts';
import type { TAuth } from './auth.types.ts';

/**
 * The checked credentials, or 401: for routes that need no current organization. A route that asks a
 * policy gets kit's caller instead (`requireCaller`, auth/caller.ts) and asks `policy(caller, target)`
 * (docs/service-template.md "Policies").
 */
export function requireAuth(req: FastifyRequest): TAuth {
  if (!req.auth) throw unauthorized();
  return req.auth;
}

/** Tokens from "sign in as user" may not do this (change password or email, impersonate again). */
export function forbidImpersonation(auth: TAuth): void {
  if (auth.impersonatorId) throw new ApiError('impersonation_restricted');
}
