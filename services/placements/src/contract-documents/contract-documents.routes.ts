import type { FastifyPluginAsync, preHandlerAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CONTRACT_DOWNLOAD_ACTION } from '@stageplein/contracts/internship-contracts/contract-signing';
import { EXTERNAL_LINK_HEADER } from '@stageplein/contracts/http/headers';
import { linkActorOf } from '@stageplein/kit/external-links/external-links.guard';
import {
  ZContractVerificationDocument,
  ZContractVerificationQuery,
} from '@stageplein/contracts/internship-contracts/sealed-document';
import type { TPlacementsDeps } from '../placements.config.ts';
import { callerOf } from '../shared/caller.ts';
import { contextOf } from '../shared/request.ts';
import {
  contractDocumentFor,
  verifyContractHash,
  type TContractDocumentAccess,
} from './contract-documents.service.ts';
import { placementsStorages } from './contract-documents.storage.ts';

const TAGS = ['contracts'];

/**
 * Sealed contracts (docs/decisions/contract-documents.md): the public verification of a hash (of a
 * sealed PDF, hashed in the visitor's browser, or the content hash its certificate prints), and the PDF
 * itself for its parties.
 */
export const contractDocumentsRoutes =
  (access: TContractDocumentAccess): FastifyPluginAsync<TPlacementsDeps> =>
  async (app, deps) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const storages = placementsStorages(deps.config);
    // At start: the store is usable (S3: its bucket exists); afterwards /ready says whether it answers.
    await storages.ready();
    const { check } = storages.write;
    if (check) app.readinessChecks.push({ name: 'placements-files', check });

    r.get('/api/v1/contract_verifications', {
      schema: {
        tags: TAGS,
        summary: 'Whether a SHA-256 belongs to a contract sealed here (public; nothing personal)',
        description:
          'The hash of a sealed PDF’s bytes or the content hash its certificate prints. Answers whether a ' +
          'contract of this tenant was sealed with it, when, and the school’s public name; never who signed.',
        querystring: ZContractVerificationQuery,
        response: { 200: ZContractVerificationDocument },
      },
      handler: async (req, reply) => {
        const ctx = await contextOf(req, deps);
        const attributes = await verifyContractHash(ctx, req.query.hash);
        reply.header('cache-control', 'no-store');
        return { data: { type: 'contract_verifications' as const, id: req.query.hash, attributes } };
      },
    });

    // A signer without an account downloads by the link mailed at the seal (`X-Action-Link`).
    const guard = app.externalLinks.require({ action: CONTRACT_DOWNLOAD_ACTION });
    const linkOrSession: preHandlerAsyncHookHandler = async function (req, reply) {
      if (req.headers[EXTERNAL_LINK_HEADER]) await guard.call(this, req, reply);
    };

    r.get('/api/v1/contracts/:id/document', {
      preHandler: linkOrSession,
      config: { externalLink: true },
      schema: {
        tags: TAGS,
        summary: 'A sealed contract’s PDF (its parties only)',
        description:
          'The contract pages and the certificate page, as sealed. Signed in, or by the download link a ' +
          'signer without an account is mailed at the seal (`X-Action-Link`; each download is in the ' +
          'contract’s audit trail). 401 without credentials; 404 when the contract is unknown, not sealed ' +
          'yet, or the caller (the link’s signer) is not one of its parties.',
        params: z.object({ id: z.uuid() }),
      },
      handler: async (req, reply) => {
        const ctx = await contextOf(req, deps);
        const caller = await callerOf(req, ctx.db);
        const link = req.headers[EXTERNAL_LINK_HEADER] ? linkActorOf(req) : null;
        const { document, pdf } = await contractDocumentFor(
          ctx,
          caller,
          link,
          req.params.id,
          storages,
          access,
        );
        reply.header('cache-control', 'private, no-store');
        reply.header('x-content-type-options', 'nosniff');
        reply.header('content-security-policy', "default-src 'none'; sandbox");
        reply.header('etag', `"${document.pdf_hash}"`);
        reply.header('content-disposition', `attachment; filename="contract-${document.contract_id}.pdf"`);
        reply.type('application/pdf');
        return reply.send(pdf);
      },
    });
  };
