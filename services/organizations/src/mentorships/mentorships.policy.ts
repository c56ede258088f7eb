import type { TAuth } from '@stageplein/kit/auth/auth.types';
import {
  mentorshipRules,
  type TMentorshipSubject,
  type TSchoolSubject,
} from '@stageplein/contracts/organizations/organizations-policy';

export type { TMentorshipSubject };

/** The shared rules of contracts/organizations/organizations-policy.ts (the admin's buttons use them too). */
export const mentorshipsPolicy = {
  list: (auth: TAuth, subject: TSchoolSubject) => mentorshipRules.list(auth.permissions, subject),
  listAll: (auth: TAuth, subject: TSchoolSubject) => mentorshipRules.listAll(auth.permissions, subject),
  add: (auth: TAuth, subject: TMentorshipSubject) =>
    mentorshipRules.add(auth.permissions, auth.userId, subject),
  remove: (auth: TAuth, subject: TMentorshipSubject) =>
    mentorshipRules.remove(auth.permissions, auth.userId, subject),
};
