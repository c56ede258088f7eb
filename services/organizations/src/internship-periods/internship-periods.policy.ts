import type { TAuth } from '@stageplein/kit/auth/auth.types';
import { currentSchool, managesSchool, type TSchoolSubject } from '../shared/school.ts';

export interface TPeriodSubject extends TSchoolSubject {
  status: string;
}

/**
 * Periods are read by every signed-in user within the in-scope rule of spec §4 (school users their
 * school's, others active ones); a school's admins create, edit and archive their own.
 */
export const internshipPeriodsPolicy = {
  list: (_auth: TAuth) => true,
  show: (_auth: TAuth, { current, schoolId, status }: TPeriodSubject) =>
    currentSchool(current)?.id === schoolId || status === 'active',
  /** Past school years too (the management page), for the school's admins. */
  listAllYears: (auth: TAuth, subject: TSchoolSubject) => managesSchool(auth, subject),
  create: managesSchool,
  update: managesSchool,
};
