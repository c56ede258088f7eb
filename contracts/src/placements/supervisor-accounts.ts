import { z } from 'zod';
import type { TPermissions } from '../identity/permissions.ts';
import type { TRoleName } from '../identity/roles.ts';
import { zCollectionOf, zDocumentOf, zResourceOf } from '../jsonapi/jsonapi.ts';
import type { TCurrentOrganizationFacts } from '../organizations/moderation.ts';
import { EVALUATION_LINK_ACTION } from './evaluation-policy.ts';
import { HOURS_LINK_ACTION } from './hours-policy.ts';

/**
 * A workplace supervisor without an account asks for one (issue #30 item 6): through the link they were
 * mailed (hours, evaluation), once per organization; the organization's admins invite them through
 * identity's invitation (the account exists once they accept it) or decline
 * (docs/decisions/internships.md "The supervisor").
 */

/** The links whose holder may ask: those about one internship, to its supervisor. */
export const SUPERVISOR_ACCOUNT_LINK_ACTIONS = [HOURS_LINK_ACTION, EVALUATION_LINK_ACTION] as const;

/** The role the invitation gives on the organization: a supervisor is its mentor of interns. */
export const SUPERVISOR_ACCOUNT_ROLE: TRoleName = 'mentor';

export const SUPERVISOR_ACCOUNT_REQUEST_STATUSES = ['requested', 'invited', 'declined'] as const;
export type TSupervisorAccountRequestStatus = (typeof SUPERVISOR_ACCOUNT_REQUEST_STATUSES)[number];

/**
 * Who may ask: the holder of a supervisor link for one of those actions, about an internship of an
 * organization, whose supervisor has no account (one named by name and e-mail, or the contact).
 */
export const mayAskForSupervisorAccount = (
  action: string,
  internship: { organization_id: string | null; supervisor_id: string | null },
): boolean =>
  (SUPERVISOR_ACCOUNT_LINK_ACTIONS as readonly string[]).includes(action) &&
  internship.organization_id !== null &&
  internship.supervisor_id === null;

/**
 * Who sees and answers the requests: the admins of the approved company (Provider or NonProfit) they
 * act for, about that organization only — the ones identity lets invite people to it.
 */
export const mayAnswerSupervisorAccountRequests = (
  p: Pick<TPermissions, 'isProviderAdmin' | 'isNonProfitAdmin'>,
  current: TCurrentOrganizationFacts | null | undefined,
): boolean =>
  !!current &&
  current.status === 'approved' &&
  ((current.type === 'Provider' && p.isProviderAdmin) ||
    (current.type === 'NonProfit' && p.isNonProfitAdmin));

// ---------------------------------------------------------------------------------------------
// Wire
// ---------------------------------------------------------------------------------------------

export const ZSupervisorAccountRequestAttributes = z.object({
  status: z.enum(SUPERVISOR_ACCOUNT_REQUEST_STATUSES),
  name: z.string().nullable(),
  email: z.string(),
  organization_id: z.uuid(),
  internship_id: z.uuid(),
  /** The internship's title and student, for the company's admins (null for the supervisor's own page). */
  internship_title: z.string().nullable(),
  requested_at: z.string(),
  answered_at: z.string().nullable(),
});
export const ZSupervisorAccountRequestResource = zResourceOf(
  'supervisor_account_request',
  ZSupervisorAccountRequestAttributes,
);
export const ZSupervisorAccountRequestDocument = zDocumentOf(ZSupervisorAccountRequestResource);
/**
 * The supervisor's page: their request through the link, or none yet; `may_ask` whether the page offers
 * to ask (false once asked, or when they or the address already have an account).
 */
export const ZSupervisorAccountRequestCurrent = z.object({
  data: ZSupervisorAccountRequestResource.nullable(),
  meta: z.object({ may_ask: z.boolean() }),
});
export const ZSupervisorAccountRequestCollection = zCollectionOf(ZSupervisorAccountRequestResource);

export const ZSupervisorAccountRequestsQuery = z
  .object({
    'filter[status]': z.enum(SUPERVISOR_ACCOUNT_REQUEST_STATUSES).optional(),
    'page[size]': z.coerce.number().int().min(1).max(100).optional(),
  })
  .strict();

/** `POST …/{id}/invited`: the account identity invited for the request (its `POST /api/v1/users` answer). */
export const ZSupervisorAccountInvitedBody = z.object({
  data: z.object({
    type: z.literal('supervisor_account_invitation'),
    attributes: z.object({ user_id: z.uuid() }).strict(),
  }),
});
