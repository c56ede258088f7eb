import type { TChangeActor } from '@stageplein/kit/auth/caller';
import { ApiError } from '@stageplein/kit/errors/api-error';
import { record } from '../shared/events.ts';
import type { TCtx } from '../shared/request.ts';
import { hasRoleAt } from '../shared/roles.ts';
import { deleteMentorship, insertMentorship, type TMentorshipRow } from './mentorships.repository.ts';

/** The mentorship events' payload. */
export const mentorshipPayload = (m: TMentorshipRow) => ({
  mentorship_id: m.id,
  school_id: m.school_id,
  mentor_id: m.mentor_id,
  student_id: m.student_id,
});

/**
 * Links a mentor and a student of the same school. Both are identity's users; their roles there come
 * from the auth read model that identity's role events keep.
 */
export async function addMentorship(
  ctx: TCtx,
  caller: TChangeActor,
  schoolId: string,
  mentorId: string,
  studentId: string,
) {
  if (!(await hasRoleAt(ctx.db, mentorId, 'mentor', schoolId))) {
    throw new ApiError('not_a_mentor', {}, { pointer: '/data/attributes/mentor_id' });
  }
  if (!(await hasRoleAt(ctx.db, studentId, 'student', schoolId))) {
    throw new ApiError('not_a_student', {}, { pointer: '/data/attributes/student_id' });
  }
  const mentorship = await insertMentorship(ctx.db, {
    tenant_id: ctx.tenant.id,
    school_id: schoolId,
    mentor_id: mentorId,
    student_id: studentId,
    created_at: ctx.now,
  });
  if (!mentorship) throw new ApiError('conflict', {}, { pointer: '/data/attributes/student_id' });
  await record(
    ctx,
    caller,
    'organizations.mentorship.added',
    { type: 'mentorship', id: mentorship.id },
    mentorshipPayload(mentorship),
  );
  return mentorship;
}

export async function removeMentorship(ctx: TCtx, caller: TChangeActor, mentorship: TMentorshipRow) {
  await deleteMentorship(ctx.db, mentorship.id);
  await record(
    ctx,
    caller,
    'organizations.mentorship.removed',
    { type: 'mentorship', id: mentorship.id },
    mentorshipPayload(mentorship),
  );
}
