import {
  mayAnswerSupervisorAccountRequests,
  mayAskForSupervisorAccount,
  type TSupervisorAccountRequestStatus,
} from '@stageplein/contracts/placements/supervisor-accounts';
import { ApiError, forbidden, notFound, unauthorized } from '@stageplein/kit/errors/api-error';
import type { TLinkActor } from '@stageplein/kit/external-links/external-links.guard';
import { linkedInternship } from '../hours/index.ts';
import type { TCaller } from '../shared/caller.ts';
import { record } from '../shared/events.ts';
import { SYSTEM, type TCtx } from '../shared/request.ts';
import { consumeSupervisorLink } from '../shared/supervisor-links.ts';
import {
  accountFacts,
  answerRequest,
  findRequestByAddress,
  insertRequest,
  listRequests,
  lockRequest,
  type TRequestRow,
  type TRequestView,
} from './supervisor-accounts.repository.ts';

const subject = (r: { id: string }) => ({ type: 'supervisor_account_request', id: r.id });
const refOf = (r: TRequestRow) => ({
  request_id: r.id,
  organization_id: r.organization_id,
  internship_id: r.internship_id,
});
/** The supervisor's own view: nothing of the internship beyond what their link shows. */
const ownView = (r: TRequestRow): TRequestView => ({ ...r, internship_title: null });

/**
 * The internship the link is about, checked as its own page checks it (hours or evaluation: subject,
 * action, still the internship's supervisor address), and the organization the request goes to.
 */
async function linkedOrganization(ctx: TCtx, link: TLinkActor) {
  const internship = await linkedInternship(ctx.db, link, link.action);
  const facts = await accountFacts(ctx.db, internship.id, link.recipient);
  if (!mayAskForSupervisorAccount(link.action, { ...internship, supervisor_id: facts.supervisor_id }))
    throw new ApiError('account_request_not_possible');
  return { internship, organizationId: internship.organization_id!, facts };
}

/**
 * `GET …/current`: the supervisor's request through this link's organization, or null, and whether they
 * may ask (a link page shows nothing where they may not: a supervisor with an account is no error).
 */
export async function currentRequest(
  ctx: TCtx,
  link: TLinkActor,
): Promise<{ request: TRequestView | null; mayAsk: boolean }> {
  const internship = await linkedInternship(ctx.db, link, link.action);
  const facts = await accountFacts(ctx.db, internship.id, link.recipient);
  if (!mayAskForSupervisorAccount(link.action, { ...internship, supervisor_id: facts.supervisor_id }))
    return { request: null, mayAsk: false };
  const row = await findRequestByAddress(ctx.db, internship.organization_id!, link.recipient);
  return { request: row ? ownView(row) : null, mayAsk: !row && !facts.address_has_account };
}

/**
 * `POST /api/v1/supervisor_account_requests` through the supervisor's link: recorded once per
 * organization and address (asking again answers the first, 200, and changes nothing); an address that
 * already has an account here is 409 `account_request_not_possible` (they sign in instead).
 */
export async function askForAccount(
  ctx: TCtx,
  link: TLinkActor,
): Promise<{ request: TRequestView; created: boolean }> {
  const { internship, organizationId, facts } = await linkedOrganization(ctx, link);
  const existing = await findRequestByAddress(ctx.db, organizationId, link.recipient);
  if (existing) return { request: ownView(existing), created: false };
  if (facts.address_has_account) throw new ApiError('account_request_not_possible');
  const inserted = await insertRequest(ctx.db, {
    tenant_id: ctx.tenant.id,
    organization_id: organizationId,
    internship_id: internship.id,
    email: link.recipient,
    name: internship.supervisor_name,
    requested_at: ctx.now,
    answered_at: null,
    answered_by: null,
    user_id: null,
  });
  // Two requests at once: the other one's row stands.
  const request = inserted ?? (await findRequestByAddress(ctx.db, organizationId, link.recipient))!;
  if (inserted) {
    await record(ctx, SYSTEM, 'placements.supervisor_account.requested', subject(request), refOf(request));
    await consumeSupervisorLink(ctx, link);
  }
  return { request: ownView(request), created: !!inserted };
}

/** The organization acted for, for its admins (403 for anyone else). */
function answeringOrganization(caller: TCaller): string {
  if (!caller.userId) throw unauthorized();
  if (!mayAnswerSupervisorAccountRequests(caller.permissions, caller.current)) throw forbidden();
  return caller.current!.id;
}

/** `GET /api/v1/supervisor_account_requests`: the organization's requests (its admins). */
export function listOrganizationRequests(
  ctx: TCtx,
  caller: TCaller,
  filter: { status?: TSupervisorAccountRequestStatus; limit: number },
) {
  return listRequests(ctx.db, answeringOrganization(caller), filter);
}

/**
 * The organization's admin answered a waiting request: `invited` with the account identity's invitation
 * made (`POST /api/v1/users`, the account exists once accepted), or `declined`. Another organization's
 * request is 404; an answered one 409 `account_request_answered`.
 */
export async function answerAccountRequest(
  ctx: TCtx,
  caller: TCaller,
  id: string,
  answer: { status: 'invited'; user_id: string } | { status: 'declined' },
): Promise<TRequestView> {
  const organizationId = answeringOrganization(caller);
  const request = await lockRequest(ctx.db, id);
  if (!request || request.organization_id !== organizationId) throw notFound();
  if (request.status !== 'requested') throw new ApiError('account_request_answered');
  const userId = answer.status === 'invited' ? answer.user_id : null;
  const changed = await answerRequest(ctx.db, id, {
    status: answer.status,
    answered_at: ctx.now,
    answered_by: caller.userId!,
    user_id: userId,
  });
  if (userId)
    await record(ctx, caller, 'placements.supervisor_account.invited', subject(changed), {
      ...refOf(changed),
      user_id: userId,
    });
  else await record(ctx, caller, 'placements.supervisor_account.declined', subject(changed), refOf(changed));
  return { ...changed, internship_title: null };
}
