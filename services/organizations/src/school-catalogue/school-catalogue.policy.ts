import type { TAuth } from '@stageplein/kit/auth/auth.types';
import { managesSchool, type TSchoolSubject } from '../shared/school.ts';

/**
 * Levels and tags: read by every signed-in user (vacancies use them), written by the school's admins
 * (with that school as their current, approved organization).
 */
export const schoolCataloguePolicy = {
  list: (_auth: TAuth) => true,
  create: managesSchool,
  update: managesSchool,
  destroy: managesSchool,
} satisfies Record<string, (auth: TAuth, subject: TSchoolSubject) => boolean>;
