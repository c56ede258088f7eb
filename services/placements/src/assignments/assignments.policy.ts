import { mayManageAssignments } from '@stageplein/contracts/placements/assignment-policy';
import { forbidden, unauthorized } from '@stageplein/kit/errors/api-error';
import type { TCaller } from '../shared/caller.ts';

/**
 * The school the caller manages assignments for: an admin acting for an approved School (contracts'
 * `mayManageAssignments`, which the portal's screens use too). Every query of the feature is scoped to
 * this school, so another school's assignment is simply not found.
 */
export function schoolOf(caller: TCaller): string {
  if (!caller.userId) throw unauthorized();
  if (!mayManageAssignments(caller.permissions, caller.current) || !caller.current) throw forbidden();
  return caller.current.id;
}
