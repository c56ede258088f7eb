import type { TCurrentOrganizationFacts } from '@stageplein/contracts/organizations/moderation';
import {
  belongsToSchool as belongsToSchoolRule,
  managesSchool as managesSchoolRule,
  type TSchoolSubject,
} from '@stageplein/contracts/organizations/organizations-policy';
import type { FastifyRequest } from 'fastify';
import type { TAuth } from '@stageplein/kit/auth/auth.types';
import { authorize } from '@stageplein/kit/auth/policy';
import { ApiError, notFound } from '@stageplein/kit/errors/api-error';
import type { TServiceDeps } from '@stageplein/kit/service';
import { requireCaller, requireApprovedOrganization, type TCaller } from './caller.ts';
import { contextOf, type TCtx, type TDb } from './request.ts';

/** The current organization when it is a School: its users are "school users" (spec §4). */
export const currentSchool = (current: TCurrentOrganizationFacts | null) =>
  current?.type === 'School' ? current : null;

export type { TSchoolSubject };

// The pure rules live in contracts (organizations-policy.ts), shared with the admin's buttons.
export const managesSchool = (auth: TAuth, subject: TSchoolSubject) =>
  managesSchoolRule(auth.permissions, subject);
export const belongsToSchool = (auth: TAuth, subject: TSchoolSubject) =>
  belongsToSchoolRule(auth.permissions, subject);

/** A unique violation on a school's names is a 409 the user can act on. */
export function nameTaken(error: unknown): unknown {
  return (error as { code?: string }).code === '23505'
    ? new ApiError('name_taken', {}, { pointer: '/data/attributes/name' })
    : error;
}

/**
 * A school's record about to be changed: 404 when it does not exist (in this tenant), then the
 * caller's current organization must be approved and the policy allow it for the record's school.
 */
export function authorizeSchoolWrite<R extends { school_id: string }>(
  req: FastifyRequest,
  caller: TCaller,
  record: R | undefined,
  policy: (auth: TAuth, subject: TSchoolSubject) => boolean,
): R {
  if (!record) throw notFound();
  requireApprovedOrganization(caller);
  authorize(req, policy, { current: caller.current, schoolId: record.school_id });
  return record;
}

/**
 * The start of every change to one of a school's records (`PUT`/`PATCH`/`DELETE /<records>/{id}`):
 * the request's context and caller, and the record loaded by `find` and allowed by `policy`
 * (`authorizeSchoolWrite`).
 */
export async function schoolRecordToChange<R extends { school_id: string }>(
  req: FastifyRequest & { params: { id: string } },
  deps: TServiceDeps,
  find: (db: TDb, id: string) => Promise<R | undefined>,
  policy: (auth: TAuth, subject: TSchoolSubject) => boolean,
): Promise<{ ctx: TCtx; caller: TCaller; record: R }> {
  const ctx = await contextOf(req, deps);
  const caller = await requireCaller(req, ctx.db);
  const record = authorizeSchoolWrite(req, caller, await find(ctx.db, req.params.id), policy);
  return { ctx, caller, record };
}

/**
 * A new record of a school: by default the current organization's; the caller's organization must be
 * approved and the policy allow it for that school (another school than the current one never is).
 */
export function authorizeSchoolCreate(
  req: FastifyRequest,
  caller: TCaller,
  givenSchoolId: string | undefined,
  policy: (auth: TAuth, subject: TSchoolSubject) => boolean,
): string {
  requireApprovedOrganization(caller);
  const schoolId = givenSchoolId ?? caller.current?.id ?? '';
  authorize(req, policy, { current: caller.current, schoolId });
  return schoolId;
}

/** A record stays with its school: naming another one in a change is a field error. */
export function assertSameSchool(given: string | undefined, record: { school_id: string }): void {
  if (given !== undefined && given !== record.school_id) {
    throw new ApiError('validation_failed', {}, { pointer: '/data/attributes/school_id' });
  }
}
