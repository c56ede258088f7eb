import type { TCurrentOrganizationFacts } from '@stageplein/contracts/organizations/moderation';
import type { TAuth } from '@stageplein/kit/auth/auth.types';
import { ApiError } from '@stageplein/kit/errors/api-error';

/** The current organization when it is a School: its users are "school users" (spec §4). */
export const currentSchool = (current: TCurrentOrganizationFacts | null) =>
  current?.type === 'School' ? current : null;

/** Policy subject of school data (groups, levels, tags, periods, mentorships). */
export interface TSchoolSubject {
  current: TCurrentOrganizationFacts | null;
  /** The school the data belongs (or would belong) to. */
  schoolId: string;
}

/** Admin of that very school, which is the current organization and approved. */
export const managesSchool = (auth: TAuth, { current, schoolId }: TSchoolSubject) =>
  auth.permissions.isSchoolAdmin &&
  current?.type === 'School' &&
  current.status === 'approved' &&
  current.id === schoolId;

/** Any role at that school (admin, mentor, student) while it is the current organization. */
export const belongsToSchool = (auth: TAuth, { current, schoolId }: TSchoolSubject) =>
  current?.type === 'School' &&
  current.id === schoolId &&
  (auth.permissions.isSchoolAdmin || auth.permissions.isMentor || auth.permissions.isStudent);

/** A unique violation on a school's names is a 409 the user can act on. */
export function nameTaken(error: unknown): unknown {
  return (error as { code?: string }).code === '23505'
    ? new ApiError(409, 'name_taken', {}, { pointer: '/data/attributes/name' })
    : error;
}

/** The school the body names must be the current one; default it. 403 for any other school. */
export function schoolIdFrom(current: TCurrentOrganizationFacts | null, given: string | undefined): string {
  return given ?? current?.id ?? '';
}
