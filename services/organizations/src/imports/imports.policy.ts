import { mayImportStudents } from '@stageplein/contracts/organizations/organizations-policy';
import type { TCaller } from '../shared/caller.ts';
import { managesSchool } from '../shared/school.ts';

/**
 * Who imports students: an admin of the current, approved School (contracts' `mayImportStudents`, the
 * rule the portal's import screen uses), and only for that school; its imports are theirs alone.
 */
export const importsPolicy = {
  /** Known before the upload is read. */
  start: (caller: TCaller) => mayImportStudents(caller.permissions, caller.current),
  /** A school's imports (upload for it, list, read, cancel). */
  manage: managesSchool,
};
