import type { TCaller } from '../shared/caller.ts';
import { currentSchool, managesSchool, type TSchoolTarget } from '../shared/school.ts';

export interface TPeriodTarget extends TSchoolTarget {
  status: string;
}

/**
 * Periods are read by every signed-in user within the in-scope rule of spec §4 (school users their
 * school's, others active ones); a school's admins create, edit and archive their own.
 */
export const internshipPeriodsPolicy = {
  list: (_caller: TCaller) => true,
  show: (caller: TCaller, { schoolId, status }: TPeriodTarget) =>
    currentSchool(caller.current)?.id === schoolId || status === 'active',
  /** Past school years too (the management page), for the school's admins. */
  listAllYears: managesSchool,
  create: managesSchool,
  update: managesSchool,
};
