import { z } from 'zod';

/**
 * A supervisor's request for an account (contracts/src/placements/supervisor-accounts.ts). Subject: the
 * request id. The name and address stay in placements' table.
 */
const ZRequestRef = z.object({
  request_id: z.uuid(),
  organization_id: z.uuid(),
  internship_id: z.uuid(),
});

export const SUPERVISOR_ACCOUNT_EVENT_PAYLOADS = {
  /** Asked through the link (no actor: the supervisor has no account). */
  'placements.supervisor_account.requested': ZRequestRef,
  /** The organization's admin invited them (identity's invitation; the envelope's actor is the admin). */
  'placements.supervisor_account.invited': ZRequestRef.extend({ user_id: z.uuid() }),
  'placements.supervisor_account.declined': ZRequestRef,
} as const satisfies Record<string, z.ZodType>;
