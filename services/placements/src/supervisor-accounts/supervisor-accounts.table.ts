import type { Generated } from 'kysely';
import type { TSupervisorAccountRequestStatus } from '@stageplein/contracts/placements/supervisor-accounts';

/** A supervisor's request for an account (migration 20270510T0913-supervisor-account-requests). */
export interface TSupervisorAccountRequestsTable {
  id: Generated<string>;
  tenant_id: string;
  organization_id: string;
  /** The internship whose link they asked through. */
  internship_id: string;
  /** The link's recipient (lower-cased): the address the school approved. */
  email: string;
  name: string | null;
  status: Generated<TSupervisorAccountRequestStatus>;
  requested_at: Date;
  answered_at: Date | null;
  answered_by: string | null;
  /** The account identity invited (status `invited`). */
  user_id: string | null;
}
