import type { TAuth } from '@stageplein/kit/auth/auth.types';
import { managesSchool, type TSchoolSubject } from '../shared/school.ts';

/** Tags are read by every signed-in user (vacancies use them); a school's admin manages its own. */
export const tagsPolicy = {
  list: (_auth: TAuth) => true,
  create: managesSchool,
  update: managesSchool,
  destroy: managesSchool,
} satisfies Record<string, (auth: TAuth, subject: TSchoolSubject) => boolean>;
