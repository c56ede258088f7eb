import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZOrganizationDocument,
  ZOrganizationSignupBody,
} from '@stageplein/contracts/organizations/organizations';
import type { TServiceDeps } from '@stageplein/kit/service';
import { organizationDocument } from '../organizations/organizations.serialize.ts';
import { contextOf } from '../shared/request.ts';
import { signUp } from './signups.service.ts';

/**
 * Public and creating rows and mail: limited per tenant and client address. Ten an hour is plenty for
 * a person (a school's shared address included) and dull for a script.
 */
export const SIGNUP_RATE_LIMIT = {
  max: 10,
  timeWindow: 60 * 60 * 1000,
  keyGenerator: (req: FastifyRequest) => `organization-signup|${req.tenant.id}|${req.ip}`,
};

export const signupsRoutes: FastifyPluginAsync<TServiceDeps> = async (app, deps) => {
  app.withTypeProvider<ZodTypeProvider>().post('/api/v1/organizations/signup', {
    schema: {
      tags: ['organizations'],
      summary: 'Register an organization (public): it is pending until a moderator approves it',
      description:
        'Creates a pending organization and asks identity (event `organizations.organization.signed_up`) to invite the applicant as its first admin: ' +
        'they get a mail to confirm their account and choose a password, and may sign in; the organization is usable once approved. ' +
        'A second signup with the same name and postcode, or by the same applicant email, while the first is pending or approved, is a 409.',
      body: ZOrganizationSignupBody,
      response: { 201: ZOrganizationDocument },
    },
    config: { rateLimit: SIGNUP_RATE_LIMIT },
    handler: async (req, reply) => {
      const ctx = await contextOf(req, deps);
      const o = await signUp(ctx, req.body.data.attributes);
      return reply.status(201).send(organizationDocument(o, { include: ['profile'] }));
    },
  });
};
