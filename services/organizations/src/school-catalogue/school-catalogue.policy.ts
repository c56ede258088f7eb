import type { TCaller } from '../shared/caller.ts';
import { managesSchool, type TSchoolPolicy } from '../shared/school.ts';

/**
 * Levels and tags: read by every signed-in user (vacancies use them), written by the school's admins
 * (with that school as their current, approved organization).
 */
export const schoolCataloguePolicy = {
  list: (_caller: TCaller) => true,
  create: managesSchool,
  update: managesSchool,
  destroy: managesSchool,
} satisfies Record<string, TSchoolPolicy>;
