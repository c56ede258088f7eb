import { z } from 'zod';
import { ZOrganizationType, ZRoleName } from '../identity/roles.ts';
import { ZGender, ZLocale, ZPeriodicMailFrequency, ZUserStatus } from '../identity/users.ts';
import { ALLOCATION_EVENT_PAYLOADS } from './allocation.ts';
import { CONTENT_EVENT_PAYLOADS } from './content.ts';
import { ORGANIZATIONS_EVENT_PAYLOADS } from './organizations.ts';
import { PLACEMENTS_EVENT_PAYLOADS } from './placements.ts';
import { SELF_FOUND_EVENT_PAYLOADS } from './self-found.ts';
import { BULK_MESSAGE_EVENT_PAYLOADS } from './bulk-messages.ts';
import { HOURS_EVENT_PAYLOADS } from './placements-hours.ts';
import { EVALUATION_EVENT_PAYLOADS } from './placements-evaluations.ts';
import { MAIL_EVENT_PAYLOADS } from './mail.ts';
import { CONVERSATION_EVENT_PAYLOADS } from './conversations.ts';
import { ASSIGNMENT_EVENT_PAYLOADS } from './assignments.ts';
import { PHASES_EVENT_PAYLOADS } from './phases.ts';
import { PHASE_RUN_EVENT_PAYLOADS } from './phase-runs.ts';
import { INTERNSHIP_CONTRACT_EVENT_PAYLOADS } from './internship-contracts.ts';
import { DISCRIMINATION_REPORT_EVENT_PAYLOADS } from './discrimination-reports.ts';
import { WRITE_BACK_EVENT_PAYLOADS } from './write-back.ts';
import { SUPERVISOR_ACCOUNT_EVENT_PAYLOADS } from './supervisor-accounts.ts';

/** The user fields other services may keep in their read models (identity is the owner). */
const ZUserSnapshot = z.object({
  user_id: z.uuid(),
  email: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  gender: ZGender.nullable(),
  status: ZUserStatus,
  locale: ZLocale,
  periodic_mail_frequency: ZPeriodicMailFrequency,
});

/** A role change: enough for read models such as organizations' `current_organizations`. */
const ZRoleChange = z.object({
  user_id: z.uuid(),
  role_id: z.uuid(),
  name: ZRoleName,
  resource_type: ZOrganizationType,
  resource_id: z.uuid(),
});

/** Payload schema of every event type; consumers validate `data` against it before acting. */
export const EVENT_PAYLOADS = {
  'organizations.school_year.created': z.object({
    name: z.string(),
    start_date: z.string(),
    end_date: z.string(),
  }),
  ...ORGANIZATIONS_EVENT_PAYLOADS,
  ...CONTENT_EVENT_PAYLOADS,
  ...PLACEMENTS_EVENT_PAYLOADS,
  ...SELF_FOUND_EVENT_PAYLOADS,
  ...BULK_MESSAGE_EVENT_PAYLOADS,
  ...HOURS_EVENT_PAYLOADS,
  ...EVALUATION_EVENT_PAYLOADS,
  ...MAIL_EVENT_PAYLOADS,
  ...CONVERSATION_EVENT_PAYLOADS,
  ...ALLOCATION_EVENT_PAYLOADS,
  ...ASSIGNMENT_EVENT_PAYLOADS,
  ...PHASES_EVENT_PAYLOADS,
  ...PHASE_RUN_EVENT_PAYLOADS,
  ...INTERNSHIP_CONTRACT_EVENT_PAYLOADS,
  ...DISCRIMINATION_REPORT_EVENT_PAYLOADS,
  ...WRITE_BACK_EVENT_PAYLOADS,
  ...SUPERVISOR_ACCOUNT_EVENT_PAYLOADS,
  // Identity: the subject of every event below is the user id, so one user's events stay in order.
  'identity.user.created': ZUserSnapshot,
  'identity.user.updated': ZUserSnapshot,
  'identity.user.confirmed': z.object({ user_id: z.uuid(), confirmed_at: z.string() }),
  'identity.user.deleted': z.object({ user_id: z.uuid() }),
  'identity.role.added': ZRoleChange,
  'identity.role.removed': ZRoleChange,
  /**
   * A client identity signed in (sign-in, passwordless, "sign in as user"): every service adds it to
   * its allow-list of sessions; a token for a client that was never issued counts nowhere.
   */
  'identity.session.issued': z.object({
    user_id: z.uuid(),
    client: z.string().min(1),
    expires_at: z.string(),
    impersonator_id: z.uuid().nullable(),
  }),
  /**
   * Clients whose access tokens no longer count (sign-out, password reset, eviction beyond the client
   * cap, deactivation, deletion). Every service marks them ended in its allow-list of sessions.
   */
  'identity.session.revoked': z.object({
    user_id: z.uuid(),
    reason: z.enum(['sign_out', 'password_reset', 'evicted', 'deactivated', 'deleted', 'locked']),
    clients: z.array(z.object({ client: z.string().min(1), expires_at: z.string() })).min(1),
  }),
} as const satisfies Record<string, z.ZodType>;

export type TEventType = keyof typeof EVENT_PAYLOADS;
export type TEventPayload<T extends TEventType> = z.infer<(typeof EVENT_PAYLOADS)[T]>;
