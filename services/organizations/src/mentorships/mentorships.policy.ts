import { mentorshipRules } from '@stageplein/contracts/organizations/organizations-policy';
import type { TCaller } from '../shared/caller.ts';
import type { TSchoolTarget } from '../shared/school.ts';

/** A mentorship asked about: its school and its mentor. */
export interface TMentorshipTarget extends TSchoolTarget {
  mentorId: string;
}

/**
 * The shared rules of contracts/organizations/organizations-policy.ts (the admin's buttons use them
 * too), applied to the signed-in caller and their current organization.
 */
export const mentorshipsPolicy = {
  list: (caller: TCaller, { schoolId }: TSchoolTarget) =>
    mentorshipRules.list(caller.permissions, { current: caller.current, schoolId }),
  listAll: (caller: TCaller, { schoolId }: TSchoolTarget) =>
    mentorshipRules.listAll(caller.permissions, { current: caller.current, schoolId }),
  add: (caller: TCaller, target: TMentorshipTarget) =>
    mentorshipRules.add(caller.permissions, caller.userId, { current: caller.current, ...target }),
  remove: (caller: TCaller, target: TMentorshipTarget) =>
    mentorshipRules.remove(caller.permissions, caller.userId, { current: caller.current, ...target }),
};
