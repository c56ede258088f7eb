import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { translate } from '@stageplein/contracts/i18n/index';
import {
  ZMetaDocument,
  ZPasswordlessRequestBody,
  ZPasswordlessSignInBody,
  ZUserDocument,
} from '@stageplein/contracts/identity/users';
import { contextOf } from '../shared/request.ts';
import { answerNoSoonerThan, rateLimitFor } from '../auth/rate-limit.ts';
import { rolesOf } from '../roles/roles.repository.ts';
import { userDocument } from '../users/users.serialize.ts';
import { passwordlessSignIn, requestPasswordless } from './passwordless.service.ts';
import type { TIdentityDeps } from '../identity.config.ts';

const TAGS = ['authentication'];

/** Passwordless login for tenants whose switch enables it (spec §1): a mailed single-use link or code. */
export const passwordlessRoutes: FastifyPluginAsync<TIdentityDeps> = async (app, deps) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/auth/passwordless', {
    schema: {
      tags: TAGS,
      summary: 'Mail a sign-in link and code',
      body: ZPasswordlessRequestBody,
      response: { 200: ZMetaDocument },
    },
    config: { limit: rateLimitFor(deps.config, 'password') },
    // Known or unknown email: the same answer at the same time, like the reset (docs/security.md).
    onSend: answerNoSoonerThan(deps.config.PASSWORD_RESET_ANSWER_MS),
    handler: async (req) => {
      const ctx = await contextOf(req, deps);
      await requestPasswordless(ctx, req.body.email);
      return { meta: { message: translate(ctx.lang, 'identity.passwordlessSent') } };
    },
  });

  r.post('/auth/passwordless/sign_in', {
    schema: {
      tags: TAGS,
      summary: 'Sign in with the mailed token, or email + code; credentials come back in the headers',
      body: ZPasswordlessSignInBody,
      response: { 200: ZUserDocument },
    },
    config: { limit: rateLimitFor(deps.config, 'sign_in') },
    handler: async (req, reply) => {
      const ctx = await contextOf(req, deps);
      const { user, headers } = await passwordlessSignIn(ctx, req.body);
      reply.headers(headers);
      return userDocument(user, await rolesOf(ctx.db, user.id), ['roles']);
    },
  });
};
