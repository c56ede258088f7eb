import type { TCaller } from '../shared/caller.ts';
import { belongsToSchool, managesSchool, type TSchoolTarget } from '../shared/school.ts';

/**
 * Groups are a school's own: its admins manage them and assign students; its mentors read them; a
 * student reads only the group they are in (the list is narrowed to it).
 */
export const groupsPolicy = {
  list: belongsToSchool,
  /** The students of a group: the school's admins and mentors. */
  showStudents: (caller: TCaller, target: TSchoolTarget) =>
    belongsToSchool(caller, target) && (caller.permissions.isSchoolAdmin || caller.permissions.isMentor),
  show: (caller: TCaller, target: TSchoolTarget & { isMember: boolean }) =>
    belongsToSchool(caller, target) &&
    (caller.permissions.isSchoolAdmin || caller.permissions.isMentor || target.isMember),
  create: managesSchool,
  update: managesSchool,
  destroy: managesSchool,
  assignStudent: managesSchool,
};
