import type { TAuth } from '@stageplein/kit/auth/auth.types';
import { belongsToSchool, managesSchool, type TSchoolSubject } from '../shared/school.ts';

/**
 * Groups are a school's own: its admins manage them and assign students; its mentors read them; a
 * student reads only the group they are in (the list is narrowed to it).
 */
export const groupsPolicy = {
  list: belongsToSchool,
  /** The students of a group: the school's admins and mentors. */
  showStudents: (auth: TAuth, subject: TSchoolSubject) =>
    belongsToSchool(auth, subject) && (auth.permissions.isSchoolAdmin || auth.permissions.isMentor),
  show: (auth: TAuth, subject: TSchoolSubject & { isMember: boolean }) =>
    belongsToSchool(auth, subject) &&
    (auth.permissions.isSchoolAdmin || auth.permissions.isMentor || subject.isMember),
  create: managesSchool,
  update: managesSchool,
  destroy: managesSchool,
  assignStudent: managesSchool,
};
