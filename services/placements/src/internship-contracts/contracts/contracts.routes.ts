import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZContractCollection,
  ZContractCompanyFieldsBody,
  ZContractCreateBody,
  ZContractDocument,
  ZContractListQuery,
  ZContractUpdateBody,
  ZContractVoidBody,
} from '@stageplein/contracts/internship-contracts/contract-schemas';
import type { TPlacementsDeps } from '../../placements.config.ts';
import { callerOf } from '../../shared/caller.ts';
import { contextOf } from '../../shared/request.ts';
import { contractCollection, contractDocument } from './contracts.serialize.ts';
import {
  changeContractDraft,
  fillCompanyFieldsFor,
  generateContractFor,
  listVisibleContracts,
  readContract,
  releaseContractFor,
  retrySealFor,
  voidContractFor,
} from './contracts.service.ts';

const TAGS = ['contracts'];
const ZId = z.object({ id: z.uuid() });
const HOURS = '404 `contracts_unavailable` on a tenant that uses hours.';
const ADMIN = `Admins of the contract's School, acting for it: 401 anonymous, 403 anyone else, 404 another school's. ${HOURS}`;

/** Contracts generated for internships (docs/decisions/internship-contracts.md). */
export const contractsRoutes: FastifyPluginAsync<TPlacementsDeps> = async (app, deps) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/v1/contracts', {
    schema: {
      tags: TAGS,
      summary: 'The contracts of the internships the caller sees (per role), with status and who acts next',
      description: `School admins their school's, organization admins their organization's, mentors their mentees', students their own, a contact person the ones naming them. ${HOURS}`,
      querystring: ZContractListQuery,
      response: { 200: ZContractCollection },
    },
    handler: async (req) => {
      const ctx = await contextOf(req, deps);
      const rows = await listVisibleContracts(ctx, await callerOf(req, ctx.db), {
        internshipId: req.query['filter[internship_id]'],
        status: req.query['filter[status]'],
        sealState: req.query['filter[seal_state]'],
      });
      return contractCollection(rows);
    },
  });

  r.post('/api/v1/contracts', {
    schema: {
      tags: TAGS,
      summary: "Generate a contract (draft) for an internship from the school's published template",
      description: `${ADMIN} 409 \`contract_exists\`, \`contract_template_not_published\`; 422 \`contract_internship_not_ready\`.`,
      body: ZContractCreateBody,
      response: { 201: ZContractDocument },
    },
    handler: async (req, reply) => {
      const ctx = await contextOf(req, deps);
      const caller = await callerOf(req, ctx.db);
      const view = await generateContractFor(ctx, caller, req.body.data.attributes);
      const { contract, meta } = await readContract(ctx, caller, view.id);
      return reply.status(201).send(contractDocument(contract, meta));
    },
  });

  r.get('/api/v1/contracts/:id', {
    schema: {
      tags: TAGS,
      summary:
        'One contract: status, signers and their state, the frozen text; `meta` what the caller may do',
      description: `Its internship's parties and the contact person; 404 anyone else. ${HOURS}`,
      params: ZId,
      response: { 200: ZContractDocument },
    },
    handler: async (req) => {
      const ctx = await contextOf(req, deps);
      const { contract, meta } = await readContract(ctx, await callerOf(req, ctx.db), req.params.id);
      return contractDocument(contract, meta);
    },
  });

  r.patch('/api/v1/contracts/:id', {
    schema: {
      tags: TAGS,
      summary: "A draft's student birth date (its variables, text and signers follow)",
      description: `${ADMIN} 409 \`invalid_contract_action\` once released.`,
      params: ZId,
      body: ZContractUpdateBody,
      response: { 200: ZContractDocument },
    },
    handler: async (req) => {
      const ctx = await contextOf(req, deps);
      const caller = await callerOf(req, ctx.db);
      await changeContractDraft(ctx, caller, req.params.id, req.body.data.attributes.student_birth_date);
      const { contract, meta } = await readContract(ctx, caller, req.params.id);
      return contractDocument(contract, meta);
    },
  });

  r.post('/api/v1/contracts/:id/release', {
    schema: {
      tags: TAGS,
      summary: 'Send a draft out: to the company fields, or straight to signing',
      description: `${ADMIN} 409 \`invalid_contract_action\` unless a draft; 422 \`contract_birth_date_missing\`.`,
      params: ZId,
      response: { 200: ZContractDocument },
    },
    handler: async (req) => {
      const ctx = await contextOf(req, deps);
      const { contract, meta } = await releaseContractFor(ctx, await callerOf(req, ctx.db), req.params.id);
      return contractDocument(contract, meta);
    },
  });

  r.post('/api/v1/contracts/:id/void', {
    schema: {
      tags: TAGS,
      summary: 'Void a contract with a reason (final)',
      description: `${ADMIN} 409 \`invalid_contract_action\` when sealed or voided.`,
      params: ZId,
      body: ZContractVoidBody,
      response: { 200: ZContractDocument },
    },
    handler: async (req) => {
      const ctx = await contextOf(req, deps);
      const caller = await callerOf(req, ctx.db);
      const { contract, meta } = await voidContractFor(
        ctx,
        caller,
        req.params.id,
        req.body.data.attributes.reason,
      );
      return contractDocument(contract, meta);
    },
  });

  r.post('/api/v1/contracts/:id/retry_seal', {
    schema: {
      tags: TAGS,
      summary: 'Seal again a signed contract whose seal failed (the signing workflow retries it)',
      description: `${ADMIN} 409 \`invalid_contract_action\` unless signed with \`seal_state\` failed.`,
      params: ZId,
      response: { 200: ZContractDocument },
    },
    handler: async (req) => {
      const ctx = await contextOf(req, deps);
      const { contract, meta } = await retrySealFor(ctx, await callerOf(req, ctx.db), req.params.id);
      return contractDocument(contract, meta);
    },
  });

  r.post('/api/v1/contracts/:id/company_fields', {
    schema: {
      tags: TAGS,
      summary: 'The organization fills the company fields: the contract moves to signing',
      description: `The internship's contact person or an admin of its organization acting for it (contracts \`mayFillCompanyFields\`): 403 another party, 404 anyone else; 409 \`invalid_contract_action\` unless waiting for the fields; 422 \`contract_company_value_invalid\` pointing at the field. ${HOURS}`,
      params: ZId,
      body: ZContractCompanyFieldsBody,
      response: { 200: ZContractDocument },
    },
    handler: async (req) => {
      const ctx = await contextOf(req, deps);
      const caller = await callerOf(req, ctx.db);
      const { contract, meta } = await fillCompanyFieldsFor(
        ctx,
        caller,
        req.params.id,
        req.body.data.attributes.company_values,
      );
      return contractDocument(contract, meta);
    },
  });
};
