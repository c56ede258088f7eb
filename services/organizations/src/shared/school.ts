import type { TCurrentOrganizationFacts } from '@stageplein/contracts/organizations/moderation';
import {
  belongsToSchool as belongsToSchoolRule,
  managesSchool as managesSchoolRule,
  type TSchoolSubject,
} from '@stageplein/contracts/organizations/organizations-policy';
import type { FastifyRequest } from 'fastify';
import { ApiError, forbidden, notFound } from '@stageplein/kit/errors/api-error';
import type { TServiceDeps } from '@stageplein/kit/service';
import { requireCaller, requireApprovedOrganization, type TCaller } from './caller.ts';
import { contextOf, type TCtx, type TDb } from './request.ts';

/** The current organization when it is a School: its users are "school users" (spec §4). */
export const currentSchool = (current: TCurrentOrganizationFacts | null) =>
  current?.type === 'School' ? current : null;

/** What a school policy is asked about: the school a record belongs (or would belong) to. */
export interface TSchoolTarget {
  schoolId: string;
}

/** A policy of a school's data: the signed-in caller (their current organization included) and the school. */
export type TSchoolPolicy = (caller: TCaller, target: TSchoolTarget) => boolean;

/** The subject of contracts' school rules: the caller's current organization and the school. */
const subjectOf = (caller: TCaller, { schoolId }: TSchoolTarget): TSchoolSubject => ({
  current: caller.current,
  schoolId,
});

// The pure rules live in contracts (organizations-policy.ts), shared with the admin's buttons.
export const managesSchool: TSchoolPolicy = (caller, target) =>
  managesSchoolRule(caller.permissions, subjectOf(caller, target));
export const belongsToSchool: TSchoolPolicy = (caller, target) =>
  belongsToSchoolRule(caller.permissions, subjectOf(caller, target));

/** A unique violation on a school's names is a 409 the user can act on. */
export function nameTaken(error: unknown): unknown {
  return (error as { code?: string }).code === '23505'
    ? new ApiError('name_taken', {}, { pointer: '/data/attributes/name' })
    : error;
}

/**
 * A school's record about to be changed: 404 when it does not exist (in this tenant), then the
 * caller's current organization must be approved and the policy allow it for the record's school (403).
 */
export function authorizeSchoolWrite<R extends { school_id: string }>(
  caller: TCaller,
  record: R | undefined,
  policy: TSchoolPolicy,
): R {
  if (!record) throw notFound();
  requireApprovedOrganization(caller);
  if (!policy(caller, { schoolId: record.school_id })) throw forbidden();
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
  policy: TSchoolPolicy,
): Promise<{ ctx: TCtx; caller: TCaller; record: R }> {
  const ctx = await contextOf(req, deps);
  const caller = await requireCaller(req, ctx.db);
  const record = authorizeSchoolWrite(caller, await find(ctx.db, req.params.id), policy);
  return { ctx, caller, record };
}

/**
 * A new record of a school: by default the current organization's; the caller's organization must be
 * approved and the policy allow it for that school (403; another school than the current one never is).
 */
export function authorizeSchoolCreate(
  caller: TCaller,
  givenSchoolId: string | undefined,
  policy: TSchoolPolicy,
): string {
  requireApprovedOrganization(caller);
  const schoolId = givenSchoolId ?? caller.current?.id ?? '';
  if (!policy(caller, { schoolId })) throw forbidden();
  return schoolId;
}

/** A record stays with its school: naming another one in a change is a field error. */
export function assertSameSchool(given: string | undefined, record: { school_id: string }): void {
  if (given !== undefined && given !== record.school_id) {
    throw new ApiError('validation_failed', {}, { pointer: '/data/attributes/school_id' });
  }
}
