import { createHash } from 'node:crypto';
import type { FastifyPluginAsync, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  QR_TOKEN_MINUTES,
  SIGN_LINK_ACTION,
  SIGN_QR_ACTION,
  SIGNER_LINK_SUBJECT,
  SIGNER_PAGE_ACTIONS,
  ZContractAuditTrailDocument,
  ZContractQrTokenDocument,
  ZContractSignBody,
  ZContractSignerEmailBody,
  ZContractSignerViewDocument,
} from '@stageplein/contracts/internship-contracts/contract-signing';
import { EXTERNAL_LINK_HEADER } from '@stageplein/contracts/http/headers';
import { linkActorOf, type TLinkActor } from '@stageplein/kit/external-links/external-links.guard';
import type { TPlacementsDeps } from '../../placements.config.ts';
import { callerOf } from '../../shared/caller.ts';
import { contextOf } from '../../shared/request.ts';
import {
  auditTrailForManager,
  issueQrToken,
  recordOpened,
  setSignerAddressFor,
  signAs,
  signerFor,
} from './signers.service.ts';
import { signingWorkflows } from './signing-workflows.ts';

const TAGS = ['contracts'];
const ZId = z.object({ id: z.uuid() });
const WHO =
  "The signer by their link (`X-Action-Link`: the mailed link, a QR code's one-time token,) or signed in as the signer; 404 anyone else, another contract's or tenant's signer. 404 `contracts_unavailable` on a tenant that uses hours.";

/**
 * Signing (docs/decisions/internship-contracts.md "Signing"): a signer reads where they stand, signs in
 * turn (the contract-signing workflow decides), gets a QR code's one-time token for their phone; the
 * student enters their parent's address; a school admin reads the audit trail and whether it is intact.
 */
export const signingRoutes: FastifyPluginAsync<TPlacementsDeps> = async (app, deps) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const workflows = signingWorkflows(deps.temporal);
  const subject = (req: FastifyRequest) => ({
    type: SIGNER_LINK_SUBJECT,
    id: (req.params as { id: string }).id,
  });
  /** A link when the request carries one (it must fit this signer and action); else the session decides. */
  const linkOrSession = (action: string | readonly string[]): preHandlerAsyncHookHandler => {
    const guard = app.externalLinks.require({ action, subject });
    return async function (req, reply) {
      if (req.headers[EXTERNAL_LINK_HEADER]) await guard.call(this, req, reply);
    };
  };
  const linkOf = (req: FastifyRequest): TLinkActor | null =>
    req.headers[EXTERNAL_LINK_HEADER] ? linkActorOf(req) : null;
  const anySignLink = [SIGN_LINK_ACTION, SIGN_QR_ACTION];

  r.get('/api/v1/contract_signers/:id', {
    preHandler: linkOrSession(SIGNER_PAGE_ACTIONS),
    config: { externalLink: true },
    schema: {
      tags: TAGS,
      summary: "A signer's page: their turn, who they wait for, the text when it is theirs to read",
      description: `${WHO} After the seal, a signer without an account reads it by the sealed PDF's link too.`,
      params: ZId,
      response: { 200: ZContractSignerViewDocument, 304: z.null() },
    },
    handler: async (req, reply) => {
      const ctx = await contextOf(req, deps);
      const { view } = await signerFor(ctx, await callerOf(req, ctx.db), linkOf(req), req.params.id);
      const body = { data: { type: 'contract_signer' as const, id: req.params.id, attributes: view } };
      // The QR page polls this while the phone signs: the browser revalidates (its cache keyed by the
      // credentials that asked), an unchanged view is a 304 without a body.
      const etag = `"${createHash('sha256').update(JSON.stringify(view)).digest('base64url').slice(0, 27)}"`;
      reply.header('etag', etag);
      reply.header('cache-control', 'private, no-cache');
      reply.header('vary', `${EXTERNAL_LINK_HEADER}, access-token, client, uid, accept-language`);
      if (req.headers['if-none-match'] === etag) return reply.status(304).send(null);
      return body;
    },
  });

  r.post('/api/v1/contract_signers/:id/viewed', {
    preHandler: linkOrSession(SIGNER_PAGE_ACTIONS),
    config: { externalLink: true },
    schema: {
      tags: TAGS,
      summary: 'The signer opened their page: an audit-trail entry (`viewed`, with where they stood)',
      description: `${WHO} Any state, also waiting or closed: every opening is recorded.`,
      params: ZId,
      response: { 204: z.null() },
    },
    handler: async (req, reply) => {
      const ctx = await contextOf(req, deps);
      await recordOpened(ctx, await callerOf(req, ctx.db), linkOf(req), req.params.id, {
        ip: req.ip,
        userAgent: req.headers['user-agent'] ?? null,
      });
      return reply.status(204).send(null);
    },
  });

  r.post('/api/v1/contract_signers/:id/sign', {
    preHandler: linkOrSession(anySignLink),
    config: { externalLink: true },
    schema: {
      tags: TAGS,
      summary: 'Sign: the drawn signature (PNG) and the agreement; only in turn',
      description: `${WHO} 409 \`contract_not_your_turn\` (an earlier order group has not signed), \`contract_already_signed\`, \`contract_signing_closed\` (voided, expired, complete); a spent link 410.`,
      params: ZId,
      body: ZContractSignBody,
      response: { 200: ZContractSignerViewDocument },
    },
    handler: async (req) => {
      const ctx = await contextOf(req, deps);
      const view = await signAs(
        ctx,
        await callerOf(req, ctx.db),
        linkOf(req),
        req.params.id,
        {
          signature: req.body.data.attributes.signature,
          ip: req.ip,
          userAgent: req.headers['user-agent'] ?? null,
        },
        workflows,
      );
      return { data: { type: 'contract_signer' as const, id: req.params.id, attributes: view } };
    },
  });

  r.post('/api/v1/contract_signers/:id/qr_token', {
    preHandler: linkOrSession(SIGN_LINK_ACTION),
    config: { externalLink: true },
    schema: {
      tags: TAGS,
      summary: `A one-time token for a QR code: the signer's phone signs with it (${QR_TOKEN_MINUTES} minutes)`,
      description: `${WHO} Only while it is the signer's turn (409 otherwise).`,
      params: ZId,
      response: { 201: ZContractQrTokenDocument },
    },
    handler: async (req, reply) => {
      const ctx = await contextOf(req, deps);
      const issued = await issueQrToken(ctx, await callerOf(req, ctx.db), linkOf(req), req.params.id, {
        ip: req.ip,
        userAgent: req.headers['user-agent'] ?? null,
      });
      return reply.status(201).send({
        data: {
          type: 'contract_qr_token' as const,
          id: issued.linkId,
          attributes: {
            token: issued.token,
            expires_at: issued.expiresAt.toISOString(),
            signer_id: req.params.id,
          },
        },
      });
    },
  });

  r.put('/api/v1/contract_signers/:id/email', {
    schema: {
      tags: TAGS,
      summary:
        "A signer without an account gets an address: the parent's or guardian's, the school representative's",
      description:
        "The contract's student for the parent or guardian (a minor's contract), an admin of the contract's School for the school representative (and for the company when the internship names no contact person); 404 anyone else. 409 `contract_signer_email_not_needed` for another signer or one who signed. When it is that signer's turn already, their link is mailed at once.",
      params: ZId,
      body: ZContractSignerEmailBody,
      response: { 204: z.null() },
    },
    handler: async (req, reply) => {
      const ctx = await contextOf(req, deps);
      await setSignerAddressFor(ctx, await callerOf(req, ctx.db), req.params.id, req.body.data.attributes);
      return reply.status(204).send(null);
    },
  });

  r.get('/api/v1/contracts/:id/audit_trail', {
    schema: {
      tags: TAGS,
      summary: "A contract's hash-chained audit trail and whether it is intact",
      description:
        "Admins of the contract's School: 401 anonymous, 403 anyone else, 404 another school's contract.",
      params: ZId,
      response: { 200: ZContractAuditTrailDocument },
    },
    handler: async (req) => {
      const ctx = await contextOf(req, deps);
      const trail = await auditTrailForManager(ctx, await callerOf(req, ctx.db), req.params.id);
      return { data: { type: 'contract_audit_trail' as const, id: req.params.id, attributes: trail } };
    },
  });
};
