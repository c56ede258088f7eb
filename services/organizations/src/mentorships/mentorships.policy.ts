import type { TAuth } from '@stageplein/kit/auth/auth.types';
import { belongsToSchool, managesSchool, type TSchoolSubject } from '../shared/school.ts';

export interface TMentorshipSubject extends TSchoolSubject {
  mentorId: string;
}

/** A mentor of the school (the current, approved organization) acting on their own mentorships. */
const ownMentorship = (auth: TAuth, subject: TMentorshipSubject) =>
  auth.permissions.isMentor &&
  subject.current?.type === 'School' &&
  subject.current.status === 'approved' &&
  subject.current.id === subject.schoolId &&
  subject.mentorId === auth.userId;

/**
 * Spec §6 "mentor-or-school-admin": a school's admins manage all its mentorships, its mentors their
 * own; students read theirs (the list is narrowed to what each may see).
 */
export const mentorshipsPolicy = {
  list: belongsToSchool,
  /** Everyone's mentorships at the school, not just the caller's own. */
  listAll: (auth: TAuth, subject: TSchoolSubject) => managesSchool(auth, subject),
  add: (auth: TAuth, subject: TMentorshipSubject) =>
    managesSchool(auth, subject) || ownMentorship(auth, subject),
  remove: (auth: TAuth, subject: TMentorshipSubject) =>
    managesSchool(auth, subject) || ownMentorship(auth, subject),
};
