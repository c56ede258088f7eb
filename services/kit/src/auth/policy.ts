import type { FastifyRequest } from 'fastify';
import { ApiError, forbidden, unauthorized } from '../errors/api-error.ts';
import type { TAuth } from './auth.types.ts';

/** The caller, or 401. */
export function requireAuth(req: FastifyRequest): TAuth {
  if (!req.auth) throw unauthorized();
  return req.auth;
}

/** A policy decision: a pure function of the caller (and whatever facts the route loaded). */
export type TPolicy<T = void> = (auth: TAuth, subject: T) => boolean;

/** 401 without a caller, 403 when the policy says no; returns the caller. */
export function authorize<T>(req: FastifyRequest, policy: TPolicy<T>, subject: T): TAuth;
export function authorize(req: FastifyRequest, policy: TPolicy): TAuth;
export function authorize<T>(req: FastifyRequest, policy: TPolicy<T>, subject?: T): TAuth {
  const auth = requireAuth(req);
  if (!policy(auth, subject as T)) throw forbidden();
  return auth;
}

/** Tokens from "sign in as user" may not do this (change password or email, impersonate again). */
export function forbidImpersonation(auth: TAuth): void {
  if (auth.impersonatorId) throw new ApiError('impersonation_restricted');
}
