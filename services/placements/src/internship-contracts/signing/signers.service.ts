import {
  maySetSignerAddress,
  maySignAs,
  QR_TOKEN_MINUTES,
  SIGN_QR_ACTION,
  SIGNER_LINK_SUBJECT,
  type TContractSignerView,
} from '@stageplein/contracts/internship-contracts/contract-signing';
import { mayManageContracts } from '@stageplein/contracts/internship-contracts/contract-rules';
import { issueExternalLink } from '@stageplein/kit/external-links/external-links.repository';
import type { TLinkActor } from '@stageplein/kit/external-links/external-links.guard';
import { ApiError, forbidden, notFound, unauthorized } from '@stageplein/kit/errors/api-error';
import { SCHEMA } from '../../database.ts';
import type { TCaller } from '../../shared/caller.ts';
import type { TCtx, TUseCaseCtx } from '../../shared/request.ts';
import { assertContractManager, assertContractsAvailable } from '../internship-contracts.policy.ts';
import { appendAudit, auditTrailOf, verifyAuditChain } from './audit-trail.ts';
import type { TSigningWorkflows } from './signing-workflows.ts';
import { setSignerAddress, signerView } from './signing.service.ts';

/**
 * The signer's requests (signing.routes.ts): who they are — the holder of a link for exactly this signer
 * (the guard checked action, subject, expiry and use), or the signed-in user the signer is — and what
 * they may do now. Turns are the workflow's to decide; the checks here give the clear error first.
 */

/** The signer as the request may see it; 404 for anyone who is not that signer (nothing revealed). */
export async function signerFor(ctx: TCtx, caller: TCaller, link: TLinkActor | null, signerId: string) {
  assertContractsAvailable(ctx);
  const found = await signerView(ctx, signerId);
  if (!found) throw notFound();
  if (link) {
    // The guard compared the link's subject with this signer already; a second look costs nothing.
    if (link.subject.type !== SIGNER_LINK_SUBJECT || link.subject.id !== signerId) throw notFound();
    return found;
  }
  if (!caller.userId) throw unauthorized();
  const c = await ctx.db
    .selectFrom('placements.contracts')
    .select(['organization_id', 'contact_person_id'])
    .where('id', '=', found.signer.contract_id)
    .executeTakeFirstOrThrow();
  if (
    !maySignAs(
      caller,
      { role: found.signer.role, userId: found.signer.user_id },
      { organizationId: c.organization_id, contactPersonId: c.contact_person_id },
    )
  )
    throw notFound();
  return found;
}

const refuseUnlessTurn = (view: TContractSignerView) => {
  if (view.turn === 'signed') throw new ApiError('contract_already_signed');
  if (view.turn === 'closed') throw new ApiError('contract_signing_closed');
  if (view.turn === 'waiting') throw new ApiError('contract_not_your_turn');
};

/**
 * Signs: the route's quick check of the turn (a clear error without asking Temporal), then the workflow's
 * Update, whose validator checks again and whose activity writes the signature, the trail and the event
 * and spends the link before it answers. The signer's page after.
 */
export async function signAs(
  ctx: TCtx,
  caller: TCaller,
  link: TLinkActor | null,
  signerId: string,
  input: { signature: string; ip: string; userAgent: string | null },
  workflows: TSigningWorkflows,
): Promise<TContractSignerView> {
  const { view } = await signerFor(ctx, caller, link, signerId);
  refuseUnlessTurn(view);
  await workflows.sign(view.contract_id, {
    signerId,
    signature: input.signature,
    actor: link ? `link:${link.id}` : caller.userId!,
    linkId: link?.id ?? null,
    ip: input.ip,
    userAgent: input.userAgent,
    at: ctx.now.toISOString(),
  });
  return (await signerView(ctx, signerId))!.view;
}

/**
 * The signer opened their page (by link, a QR code's token, or signed in): the trail records it with
 * where they stood, address and device. Each opening is an entry; the page sends it once per load.
 */
export async function recordOpened(
  ctx: TCtx,
  caller: TCaller,
  link: TLinkActor | null,
  signerId: string,
  source: { ip: string; userAgent: string | null },
): Promise<void> {
  const { view, signer } = await signerFor(ctx, caller, link, signerId);
  await appendAudit(ctx, {
    contractId: signer.contract_id,
    at: ctx.now,
    actor: link ? `link:${link.id}` : caller.userId!,
    ip: source.ip,
    userAgent: source.userAgent,
    action: 'viewed',
    data: { signer_id: signer.id, role: signer.role, turn: view.turn, ...(link ? { via: link.action } : {}) },
  });
}

/**
 * A QR code's one-time token for the signer's phone: single use, valid QR_TOKEN_MINUTES, for signing
 * only (it cannot make further QR codes). Logged in the trail.
 */
export async function issueQrToken(
  ctx: TCtx,
  caller: TCaller,
  link: TLinkActor | null,
  signerId: string,
  source: { ip: string; userAgent: string | null },
): Promise<{ token: string; linkId: string; expiresAt: Date }> {
  const { view, signer } = await signerFor(ctx, caller, link, signerId);
  refuseUnlessTurn(view);
  const expiresAt = new Date(ctx.now.getTime() + QR_TOKEN_MINUTES * 60_000);
  const { token, link: issued } = await issueExternalLink(ctx.db, SCHEMA, {
    tenant: ctx.tenant.id,
    subject: { type: SIGNER_LINK_SUBJECT, id: signer.id },
    action: SIGN_QR_ACTION,
    recipient: signer.user_id ?? signer.email ?? signer.id,
    expiresAt,
    singleUse: true,
    createdBy: caller.userId,
    now: ctx.now,
  });
  await appendAudit(ctx, {
    contractId: signer.contract_id,
    at: ctx.now,
    actor: link ? `link:${link.id}` : caller.userId!,
    ip: source.ip,
    userAgent: source.userAgent,
    action: 'qr_token_issued',
    data: { signer_id: signer.id, qr_link_id: issued.id, expires_at: expiresAt.toISOString() },
  });
  return { token, linkId: issued.id, expiresAt };
}

/**
 * `PUT /contract_signers/{id}/email`: who signs without an account gets an address — the parent or
 * guardian from the contract's student, the school representative (where the tenant invites them) and a
 * company without a contact person from an admin of the contract's school — while that signer has not signed.
 */
export async function setSignerAddressFor(
  ctx: TUseCaseCtx,
  caller: TCaller,
  signerId: string,
  input: { email: string; name: string },
): Promise<void> {
  assertContractsAvailable(ctx);
  if (!caller.userId) throw unauthorized();
  const signer = await ctx.db
    .selectFrom('placements.contract_signers')
    .selectAll()
    .where('id', '=', signerId)
    .executeTakeFirst();
  if (!signer) throw notFound();
  const contract = await ctx.db
    .selectFrom('placements.contracts')
    .select(['student_id', 'school_id', 'status'])
    .where('id', '=', signer.contract_id)
    .executeTakeFirstOrThrow();
  const isStudent = contract.student_id === caller.userId;
  const isManager = mayManageContracts(
    caller.permissions,
    caller.current,
    ctx.tenant.features,
    contract.school_id,
  );
  if (!isStudent && !isManager) throw notFound();
  if (
    !maySetSignerAddress(
      { isStudent, isManager },
      { role: signer.role, state: signer.state, userId: signer.user_id },
      contract.status,
    )
  )
    throw new ApiError('contract_signer_email_not_needed');
  await setSignerAddress(ctx, caller, signer, input);
}

/** The trail for an admin of the contract's school, with whether its chain is intact. */
export async function auditTrailForManager(ctx: TCtx, caller: TCaller, contractId: string) {
  const schoolId = assertContractManager(ctx, caller);
  const c = await ctx.db
    .selectFrom('placements.contracts')
    .select(['school_id'])
    .where('id', '=', contractId)
    .executeTakeFirst();
  if (!c || c.school_id !== schoolId) throw notFound();
  if (!mayManageContracts(caller.permissions, caller.current, ctx.tenant.features, c.school_id))
    throw forbidden();
  const entries = await auditTrailOf(ctx, contractId);
  const broken = verifyAuditChain(entries);
  return {
    entries: entries.map((e) => ({
      seq: e.seq,
      at: e.at.toISOString(),
      actor: e.actor,
      ip: e.ip,
      user_agent: e.user_agent,
      action: e.action,
      data: e.data,
      prev_hash: e.prev_hash,
      hash: e.hash,
    })),
    intact: broken === null,
    first_broken_seq: broken,
  };
}
