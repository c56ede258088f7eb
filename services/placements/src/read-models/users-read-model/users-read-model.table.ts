import type { TUserStatus } from '@stageplein/contracts/identity/users';

/** Identity's users as placements needs them (a vacancy's contact person), from identity's events. */
export interface TUsersTable {
  id: string;
  tenant_id: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
  status: TUserStatus;
  /** A tombstone, so a late `updated` cannot bring a deleted user back. */
  deleted: boolean;
  /** When placements first heard of the user (the student include's `created_at`; null before #16). */
  created_at: Date | null;
  /** The newest event applied. */
  event_time: Date;
}
