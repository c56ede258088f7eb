import type { TSignerRole } from '@stageplein/contracts/internship-contracts/contract-rules';
import { fillVariables, signersToAct } from '@stageplein/contracts/internship-contracts/contract-rules';
import {
  CONTRACT_VERIFICATION_PATH,
  type TSealedContractDocument,
} from '@stageplein/contracts/internship-contracts/sealed-document';
import {
  CONTRACT_DOWNLOAD_ACTION,
  CONTRACT_DOWNLOAD_LINK_DAYS,
  SIGN_LINK_ACTION,
  SIGNER_LINK_SUBJECT,
  SIGNING_EXPIRED_REASON,
  signingExpiresAt,
  type TContractSignerView,
} from '@stageplein/contracts/internship-contracts/contract-signing';
import type { TSignContractUpdate } from '@stageplein/contracts/workflows/names';
import {
  consumeExternalLink,
  issueExternalLink,
  revokeExternalLinks,
} from '@stageplein/kit/external-links/external-links.repository';
import { requestMail } from '@stageplein/kit/mail/mail-requests';
import { publicUrl } from '@stageplein/kit/tenant/public-url';
import { SCHEMA } from '../../database.ts';
import { record } from '../../shared/events.ts';
import { SYSTEM, type TChangeActor, type TCtx, type TUseCaseCtx } from '../../shared/request.ts';
import type { TContractRow, TSignerRow } from '../contracts/contracts.repository.ts';
import { voidContract } from '../contracts/contracts.service.ts';
import { appendAudit } from './audit-trail.ts';

/** The use cases of signing (docs/decisions/internship-contracts.md "Signing"); the workflow's activities and the routes call them. */

/** A signer as the workflow keeps it. */
export interface TSigningSigner {
  id: string;
  role: TSignerRole;
  order: number;
  state: 'pending' | 'signed';
  /** ISO; null until the signer's order group got its turn. */
  turnAt: string | null;
  remindersSent: number;
}

const ref = (c: TContractRow) => ({
  contract_id: c.id,
  internship_id: c.internship_id,
  school_id: c.school_id,
  organization_id: c.organization_id,
  student_id: c.student_id,
});
const subject = (c: { id: string }) => ({ type: 'contract', id: c.id });
const signerSubject = (id: string) => ({ type: SIGNER_LINK_SUBJECT, id });

const lockContract = (ctx: TCtx, id: string) =>
  ctx.db.selectFrom('placements.contracts').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();

export const signersOf = (ctx: TCtx, contractId: string): Promise<TSignerRow[]> =>
  ctx.db
    .selectFrom('placements.contract_signers')
    .selectAll()
    .where('contract_id', '=', contractId)
    .orderBy('position')
    .orderBy('created_at')
    .execute();

const toSigner = (s: TSignerRow): TSigningSigner => ({
  id: s.id,
  role: s.role,
  order: s.position,
  state: s.state,
  turnAt: s.turn_at?.toISOString() ?? null,
  remindersSent: s.reminders_sent,
});

/** The page a signer's link opens: the token in the fragment, so it never reaches a server log. */
export const signPath = (contractId: string, signerId: string) => `/contracts/${contractId}/sign/${signerId}`;

/**
 * The workflow begins: the contract must be out for signing (`closed` otherwise: voided before the event
 * arrived). Records when signing started (once) and returns the signers.
 */
export async function beginSigning(
  ctx: TCtx,
  contractId: string,
): Promise<
  | { kind: 'closed'; status: TContractRow['status'] | 'missing' }
  | { kind: 'open'; startedAt: string; signers: TSigningSigner[] }
> {
  const c = await lockContract(ctx, contractId);
  if (!c) return { kind: 'closed', status: 'missing' };
  if (c.status !== 'signing') return { kind: 'closed', status: c.status };
  let startedAt = c.signing_started_at;
  if (!startedAt) {
    startedAt = ctx.now;
    await ctx.db
      .updateTable('placements.contracts')
      .set({ signing_started_at: startedAt })
      .where('id', '=', contractId)
      .execute();
    await appendAudit(ctx, { contractId, at: ctx.now, actor: 'system', action: 'signing_started' });
  }
  return {
    kind: 'open',
    startedAt: startedAt.toISOString(),
    signers: (await signersOf(ctx, contractId)).map(toSigner),
  };
}

/**
 * Issues the signer's link (single use, until signing expires; an older one is revoked) and requests the
 * mail that carries it, in the caller's transaction. False when there is nobody to mail (no address yet).
 */
async function mailSignLink(
  ctx: TUseCaseCtx,
  actor: TChangeActor,
  c: TContractRow,
  s: TSignerRow,
  expiresAt: Date,
  reminder: number,
): Promise<boolean> {
  if (!s.email && !s.user_id) return false;
  const recipient = s.email ?? s.user_id!;
  const { token } = await issueExternalLink(ctx.db, SCHEMA, {
    tenant: ctx.tenant.id,
    subject: signerSubject(s.id),
    action: SIGN_LINK_ACTION,
    recipient,
    expiresAt,
    singleUse: true,
    createdBy: actor.userId,
    now: ctx.now,
  });
  const title = (c.variables['internship.title'] as string | null | undefined) ?? '';
  await requestMail(ctx.db, 'placements', ctx.config, {
    tenant: ctx.tenant.id,
    template: 'external_link',
    recipient: s.user_id ? { userId: s.user_id } : { email: s.email!, name: s.name, language: 'nl' },
    actor: actor.userId,
    reference: subject(c),
    now: ctx.now,
    link: `${publicUrl(ctx.config, ctx.tenant.id)}${signPath(c.id, s.id)}#${token}`,
    vars: {
      purpose: {
        nl:
          reminder > 0
            ? `Herinnering: onderteken het stagecontract ${title}`
            : `Onderteken het stagecontract ${title}`,
        en:
          reminder > 0
            ? `Reminder: sign the internship contract ${title}`
            : `Sign the internship contract ${title}`,
      },
      details: null,
      expires_at: expiresAt.toISOString(),
    },
  });
  await appendAudit(ctx, {
    contractId: c.id,
    at: ctx.now,
    actor: actor.userId ?? 'system',
    action: reminder > 0 ? 'reminded' : 'link_sent',
    data: { signer_id: s.id, role: s.role, ...(reminder > 0 ? { reminder } : {}) },
  });
  return true;
}

/** An order group's turn comes: each signer's turn is recorded once, their link mailed, `signer_turn` written. */
export async function openTurn(
  ctx: TUseCaseCtx,
  input: { contractId: string; signerIds: string[]; expiresAt: string },
): Promise<{ turnAt: string }> {
  const c = await lockContract(ctx, input.contractId);
  const all = await signersOf(ctx, input.contractId);
  const fresh = all.filter((s) => input.signerIds.includes(s.id) && s.turn_at === null);
  const existing = all.find((s) => input.signerIds.includes(s.id) && s.turn_at !== null)?.turn_at;
  if (!c || c.status !== 'signing' || fresh.length === 0)
    return { turnAt: (existing ?? ctx.now).toISOString() };
  await ctx.db
    .updateTable('placements.contract_signers')
    .set({ turn_at: ctx.now, updated_at: ctx.now })
    .where(
      'id',
      'in',
      fresh.map((s) => s.id),
    )
    .execute();
  const mailed: boolean[] = [];
  for (const s of fresh) {
    await appendAudit(ctx, {
      contractId: c.id,
      at: ctx.now,
      actor: 'system',
      action: 'turn',
      data: { signer_id: s.id, role: s.role, order: s.position },
    });
    mailed.push(await mailSignLink(ctx, SYSTEM, c, s, new Date(input.expiresAt), 0));
  }
  await record(ctx, SYSTEM, 'placements.contract.signer_turn', subject(c), {
    ...ref(c),
    signers: fresh.map((s, i) => ({ signer_id: s.id, role: s.role, order: s.position, mailed: mailed[i]! })),
  });
  return { turnAt: ctx.now.toISOString() };
}

/** The `reminder`-th reminder of a signer still pending (once): a new link (the old one revoked) in a new mail. */
export async function remindSigner(
  ctx: TUseCaseCtx,
  input: { contractId: string; signerId: string; reminder: number; expiresAt: string },
): Promise<void> {
  const c = await lockContract(ctx, input.contractId);
  if (!c || c.status !== 'signing') return;
  const s = (await signersOf(ctx, input.contractId)).find((x) => x.id === input.signerId);
  if (!s || s.state !== 'pending' || s.reminders_sent >= input.reminder) return;
  await ctx.db
    .updateTable('placements.contract_signers')
    .set({ reminders_sent: input.reminder, updated_at: ctx.now })
    .where('id', '=', s.id)
    .execute();
  await mailSignLink(ctx, SYSTEM, c, s, new Date(input.expiresAt), input.reminder);
}

/**
 * A signature (the workflow's validator checked the turn): written once with where it came from, the
 * link spent, `signed_by` recorded. `ok: false` when the contract is no longer out for signing (voided
 * meanwhile) or the link was spent by another request: nothing changes.
 */
export async function recordSignature(
  ctx: TCtx,
  input: { contractId: string } & TSignContractUpdate,
): Promise<{ ok: boolean }> {
  const c = await lockContract(ctx, input.contractId);
  if (!c || c.status !== 'signing') return { ok: false };
  const all = await signersOf(ctx, input.contractId);
  const s = all.find((x) => x.id === input.signerId);
  if (!s) return { ok: false };
  if (s.state === 'signed') return { ok: true };
  if (!signersToAct(all.map((x) => ({ ...x, order: x.position }))).some((x) => x.id === s.id))
    return { ok: false };
  const at = new Date(input.at);
  if (input.linkId) {
    try {
      await consumeExternalLink(
        ctx.db,
        SCHEMA,
        { id: input.linkId, tenant: ctx.tenant.id, singleUse: true },
        {
          ip: input.ip,
          userAgent: input.userAgent,
          method: 'POST',
          path: '/api/v1/contract_signers/:id/sign',
          at,
        },
      );
    } catch {
      return { ok: false };
    }
  }
  await ctx.db
    .updateTable('placements.contract_signers')
    .set({
      state: 'signed',
      signed_at: at,
      signature: input.signature,
      signed_ip: input.ip,
      signed_user_agent: input.userAgent?.slice(0, 500) ?? null,
      signed_by: input.actor,
      updated_at: ctx.now,
    })
    .where('id', '=', s.id)
    .execute();
  await appendAudit(ctx, {
    contractId: c.id,
    at,
    actor: input.actor,
    ip: input.ip,
    userAgent: input.userAgent,
    action: 'signed_by',
    data: { signer_id: s.id, role: s.role, order: s.position, link_id: input.linkId },
  });
  const actor: TChangeActor = {
    userId: input.actor.startsWith('link:') ? null : input.actor,
    impersonatorId: null,
  };
  await record(ctx, actor, 'placements.contract.signed_by', subject(c), {
    ...ref(c),
    signer: { signer_id: s.id, role: s.role, order: s.position },
    signed_at: at.toISOString(),
  });
  return { ok: true };
}

/** Everyone signed: status `signed`, the seal pending, `placements.contract.signed` (once). */
export async function completeSigning(ctx: TCtx, contractId: string): Promise<void> {
  const c = await lockContract(ctx, contractId);
  if (!c || c.status !== 'signing') return;
  await ctx.db
    .updateTable('placements.contracts')
    .set({ status: 'signed', signed_at: ctx.now, seal_state: 'pending', updated_at: ctx.now })
    .where('id', '=', contractId)
    .execute();
  await appendAudit(ctx, { contractId, at: ctx.now, actor: 'system', action: 'signed' });
  await record(ctx, SYSTEM, 'placements.contract.signed', subject(c), {
    ...ref(c),
    signed_at: ctx.now.toISOString(),
  });
}

/**
 * What seals a signed contract: renders the document, stores it and records its hashes (the
 * contract-documents group's `sealContractDocument`, composed in placements' activities.ts).
 */
export type TContractSealer = (
  doc: TSealedContractDocument,
) => Promise<{ pdfHash: string; sealedAt: string }>;

const text = (v: string | null | undefined, fallback: string) =>
  v && v.trim() ? v.trim().slice(0, 200) : fallback;

/**
 * The sealed document of a signed contract (contracts' ZSealedContractDocument): the text as the
 * template's rich text with the frozen variables filled, the parties, each signer's signature with its
 * moment, address and device. Null when the contract is not `signed`.
 */
export async function sealedDocumentOf(
  ctx: TUseCaseCtx,
  contractId: string,
): Promise<TSealedContractDocument | null> {
  const c = await ctx.db
    .selectFrom('placements.contracts')
    .selectAll()
    .where('id', '=', contractId)
    .executeTakeFirst();
  if (!c || c.status !== 'signed') return null;
  const version = await ctx.db
    .selectFrom('placements.contract_template_versions as v')
    .innerJoin('placements.contract_templates as t', 't.id', 'v.template_id')
    .select(['v.body_nl', 't.name'])
    .where('v.id', '=', c.template_version_id)
    .executeTakeFirstOrThrow();
  const v = c.variables;
  const signers = (await signersOf(ctx, contractId)).filter((s) => s.state === 'signed' && s.signature);
  return {
    tenantId: ctx.tenant.id,
    contractId: c.id,
    schoolId: c.school_id,
    schoolName: text(v['school.name'], 'School'),
    title: text(`${version.name} ${v['internship.title'] ?? ''}`, version.name),
    language: 'nl',
    body: fillVariables(version.body_nl, v, 'nl', c.company_fields),
    parties: [
      { role: 'student', name: text(v['student.name'], 'Student'), details: [] },
      {
        role: 'organization',
        name: text(v['organization.name'], 'Organisatie'),
        details: v['organization.address'] ? [v['organization.address']] : [],
      },
      { role: 'school', name: text(v['school.name'], 'School'), details: [] },
    ],
    signers: signers.map((s) => ({
      role: s.role,
      userId: s.user_id,
      name: text(s.name, s.role),
      signature: s.signature!,
      signedAt: s.signed_at!.toISOString(),
      ipAddress: text(s.signed_ip, 'unknown').slice(0, 64),
      userAgent: (s.signed_user_agent ?? '').slice(0, 1000),
    })),
    sealedAt: (c.signed_at ?? ctx.now).toISOString(),
    verificationUrl: `${publicUrl(ctx.config, ctx.tenant.id)}${CONTRACT_VERIFICATION_PATH}`,
  };
}

/**
 * The seal is stored: status `sealed` (final), the PDF's hash on the contract, `placements.contract.sealed`
 * (once). Without a sealer the seal is recorded as pending (once) and the contract stays `signed`.
 */
export async function recordSeal(
  ctx: TUseCaseCtx,
  contractId: string,
  sealed: { pdfHash: string; sealedAt: string } | null,
): Promise<{ sealed: boolean }> {
  const c = await lockContract(ctx, contractId);
  if (!c) return { sealed: false };
  if (c.status === 'sealed') return { sealed: true };
  if (c.status !== 'signed') return { sealed: false };
  if (!sealed) {
    const pending = await ctx.db
      .selectFrom('placements.contract_audit_trail')
      .select('seq')
      .where('contract_id', '=', contractId)
      .where('action', '=', 'sealing_pending')
      .executeTakeFirst();
    if (!pending)
      await appendAudit(ctx, {
        contractId,
        at: ctx.now,
        actor: 'system',
        action: 'sealing_pending',
        data: { reason: 'no sealer in this deployment' },
      });
    return { sealed: false };
  }
  await ctx.db
    .updateTable('placements.contracts')
    .set({
      status: 'sealed',
      seal_state: 'sealed',
      sealed_at: new Date(sealed.sealedAt),
      document_sha256: sealed.pdfHash,
      seal_error: null,
      seal_attempts: c.seal_attempts + 1,
      updated_at: ctx.now,
    })
    .where('id', '=', contractId)
    .execute();
  await appendAudit(ctx, {
    contractId,
    at: ctx.now,
    actor: 'system',
    action: 'sealed',
    data: { sha256: sealed.pdfHash },
  });
  await record(ctx, SYSTEM, 'placements.contract.sealed', subject(c), {
    ...ref(c),
    sha256: sealed.pdfHash,
    sealed_at: sealed.sealedAt,
  });
  for (const s of await signersOf(ctx, contractId))
    if (s.user_id === null && s.email !== null) await mailDownloadLink(ctx, c, s);
  return { sealed: true };
}

/**
 * A signer without an account (the parent or guardian, a representative by address) is a party too: once
 * sealed they get a link (not single use, CONTRACT_DOWNLOAD_LINK_DAYS) to their page, which offers the PDF.
 * Each download by it is in the trail (`document_downloaded`) and in the link's uses.
 */
async function mailDownloadLink(ctx: TUseCaseCtx, c: TContractRow, s: TSignerRow): Promise<void> {
  const expiresAt = new Date(ctx.now.getTime() + CONTRACT_DOWNLOAD_LINK_DAYS * 86_400_000);
  const { token, link } = await issueExternalLink(ctx.db, SCHEMA, {
    tenant: ctx.tenant.id,
    subject: signerSubject(s.id),
    action: CONTRACT_DOWNLOAD_ACTION,
    recipient: s.email!,
    expiresAt,
    singleUse: false,
    createdBy: null,
    now: ctx.now,
  });
  const title = (c.variables['internship.title'] as string | null | undefined) ?? '';
  await requestMail(ctx.db, 'placements', ctx.config, {
    tenant: ctx.tenant.id,
    template: 'external_link',
    recipient: { email: s.email!, name: s.name, language: 'nl' },
    actor: null,
    reference: subject(c),
    now: ctx.now,
    link: `${publicUrl(ctx.config, ctx.tenant.id)}${signPath(c.id, s.id)}#${token}`,
    vars: {
      purpose: {
        nl: `Download het verzegelde stagecontract ${title}`,
        en: `Download the sealed internship contract ${title}`,
      },
      details: null,
      expires_at: expiresAt.toISOString(),
    },
  });
  await appendAudit(ctx, {
    contractId: c.id,
    at: ctx.now,
    actor: 'system',
    action: 'download_link_sent',
    data: { signer_id: s.id, role: s.role, link_id: link.id },
  });
}

/** A failed seal attempt, recorded in its own transaction (the attempt's rolled back). */
export async function sealFailed(ctx: TCtx, contractId: string, error: string): Promise<void> {
  await ctx.db
    .updateTable('placements.contracts')
    .set((eb) => ({ seal_attempts: eb('seal_attempts', '+', 1), seal_error: error.slice(0, 1000) }))
    .where('id', '=', contractId)
    .where('status', '=', 'signed')
    .execute();
}

/**
 * Every automatic attempt to seal failed (the workflow gave up for now): `seal_state` `failed`, shown
 * to the school's admins with the last error, and the trail says so (once per failed round).
 */
export async function markSealFailed(ctx: TCtx, contractId: string): Promise<void> {
  const c = await lockContract(ctx, contractId);
  if (!c || c.status !== 'signed' || c.seal_state === 'failed') return;
  await ctx.db
    .updateTable('placements.contracts')
    .set({ seal_state: 'failed', updated_at: ctx.now })
    .where('id', '=', contractId)
    .execute();
  await appendAudit(ctx, {
    contractId,
    at: ctx.now,
    actor: 'system',
    action: 'seal_failed',
    data: { attempts: c.seal_attempts, error: c.seal_error },
  });
}

/** The signing period ended before everyone signed: the contract is voided (`expired`), its links revoked. */
export async function expireSigning(ctx: TCtx, contractId: string): Promise<void> {
  const c = await lockContract(ctx, contractId);
  if (!c || c.status !== 'signing') return;
  await voidContract(ctx, SYSTEM, c, SIGNING_EXPIRED_REASON);
  await appendAudit(ctx, { contractId, at: ctx.now, actor: 'system', action: 'expired' });
  await revokeSignerLinks(ctx, contractId);
}

/** The contract was voided: its signers' links stop working; the trail says so (once). */
export async function closeSigning(ctx: TCtx, contractId: string): Promise<void> {
  const c = await lockContract(ctx, contractId);
  if (!c) return;
  await revokeSignerLinks(ctx, contractId);
  const logged = await ctx.db
    .selectFrom('placements.contract_audit_trail')
    .select('seq')
    .where('contract_id', '=', contractId)
    .where('action', 'in', ['voided', 'expired'])
    .executeTakeFirst();
  if (!logged && c.status === 'voided')
    await appendAudit(ctx, {
      contractId,
      at: c.voided_at ?? ctx.now,
      actor: c.voided_by ?? 'system',
      action: 'voided',
      data: { reason: c.void_reason },
    });
}

async function revokeSignerLinks(ctx: TCtx, contractId: string) {
  for (const s of await signersOf(ctx, contractId))
    await revokeExternalLinks(ctx.db, SCHEMA, {
      subject: signerSubject(s.id),
      reason: 'subject_closed',
      now: ctx.now,
    });
}

/** Where a signer stands (their page): whose turn, who they wait for, the text when it is theirs to read. */
export async function signerView(
  ctx: TCtx,
  signerId: string,
): Promise<{ view: TContractSignerView; signer: TSignerRow } | null> {
  const s = await ctx.db
    .selectFrom('placements.contract_signers')
    .selectAll()
    .where('id', '=', signerId)
    .executeTakeFirst();
  if (!s) return null;
  const c = await ctx.db
    .selectFrom('placements.contracts')
    .selectAll()
    .where('id', '=', s.contract_id)
    .executeTakeFirstOrThrow();
  const all = await signersOf(ctx, c.id);
  const toAct =
    c.status === 'signing'
      ? signersToAct(all.map((x) => ({ ...x, order: x.position })))
      : c.status === 'company_fields'
        ? all.filter((x) => x.role === 'company')
        : [];
  // Your turn once the workflow opened it (turn_at): before that a signature would find no run to take it.
  // A contract not yet out (draft, the company's fields) is waited for; voided or finished is closed.
  const turn: TContractSignerView['turn'] =
    s.state === 'signed'
      ? 'signed'
      : !['draft', 'company_fields', 'signing'].includes(c.status)
        ? 'closed'
        : c.status === 'signing' && s.turn_at !== null && toAct.some((x) => x.id === s.id)
          ? 'your_turn'
          : 'waiting';
  const shows = turn === 'your_turn' || turn === 'signed';
  const parent = all.find((x) => x.role === 'parent_guardian');
  return {
    signer: s,
    view: {
      contract_id: c.id,
      contract_status: c.status,
      role: s.role,
      name: s.name,
      state: s.state,
      signed_at: s.signed_at?.toISOString() ?? null,
      turn,
      waiting_for:
        turn === 'waiting'
          ? toAct.filter((x) => x.id !== s.id).map((x) => ({ role: x.role, name: x.name }))
          : [],
      void_reason: c.status === 'voided' ? c.void_reason : null,
      html_nl: shows ? c.html_nl : null,
      html_en: shows ? c.html_en : null,
      internship_title: (c.variables['internship.title'] as string | null | undefined) ?? null,
      organization_name: (c.variables['organization.name'] as string | null | undefined) ?? null,
      parent:
        s.role === 'student' && parent
          ? { signer_id: parent.id, email_known: parent.email !== null, state: parent.state }
          : null,
    },
  };
}

/**
 * A signer without an account gets an address (the parent's from the student, the school
 * representative's from the school): when it is their turn already, their link is mailed now. Changed
 * before they signed, the old address's links are revoked (`recipient_changed`).
 */
export async function setSignerAddress(
  ctx: TUseCaseCtx,
  actor: TChangeActor,
  parent: TSignerRow,
  input: { email: string; name: string },
): Promise<void> {
  const c = (await lockContract(ctx, parent.contract_id))!;
  const email = input.email.trim().toLowerCase();
  await ctx.db
    .updateTable('placements.contract_signers')
    .set({ email, name: input.name.trim(), updated_at: ctx.now })
    .where('id', '=', parent.id)
    .execute();
  // A changed address (a mistyped one corrected): the links mailed to the old one stop working, or whoever
  // reads that mailbox could still sign as this signer. The new address gets its own link below.
  if (parent.email !== null && parent.email !== email)
    await revokeExternalLinks(ctx.db, SCHEMA, {
      subject: signerSubject(parent.id),
      reason: 'recipient_changed',
      now: ctx.now,
    });
  await appendAudit(ctx, {
    contractId: c.id,
    at: ctx.now,
    actor: actor.userId ?? 'system',
    action: 'signer_email_set',
    data: { signer_id: parent.id, role: parent.role },
  });
  const after = (await signersOf(ctx, c.id)).find((x) => x.id === parent.id)!;
  if (c.status === 'signing' && after.turn_at !== null && after.state === 'pending' && c.signing_started_at) {
    await mailSignLink(ctx, actor, c, after, new Date(signingExpiresAt(c.signing_started_at.getTime())), 0);
  }
}
