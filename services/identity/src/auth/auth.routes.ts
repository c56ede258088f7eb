import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { translate } from '@stageplein/contracts/i18n/index';
import {
  ZMetaDocument,
  ZPasswordResetRequestBody,
  ZPasswordUpdateBody,
  ZSignInBody,
  ZUserDocument,
} from '@stageplein/contracts/identity/users';
import { zDocumentOf, zResourceOf } from '@stageplein/contracts/jsonapi/jsonapi';
import { readCredentials } from '@stageplein/kit/auth/credentials';
import { requireAuth } from '@stageplein/kit/auth/policy';
import { resourceDocument } from '@stageplein/kit/jsonapi/serialize';
import { requestDb } from '../database.ts';
import { contextOf } from '../shared/request.ts';
import { rolesOf } from '../roles/roles.repository.ts';
import { findUserById } from '../users/users.repository.ts';
import { userDocument } from '../users/users.serialize.ts';
import { requestPasswordReset, signIn, signOut, updatePassword } from './auth.service.ts';
import { answerNoSoonerThan, rateLimitFor } from './rate-limit.ts';
import { educationSsoOffered } from '../education-sso/education-sso-settings.service.ts';
import type { TIdentityDeps } from '../identity.config.ts';

const TAGS = ['authentication'];

const ZSignInOptions = zDocumentOf(
  zResourceOf(
    'sign_in_options',
    z.object({ password: z.boolean(), passwordless: z.boolean(), education_sso: z.boolean() }),
  ),
);

/** The devise_token_auth protocol: sign in/out, token validation, password reset (spec §7). */
export const authRoutes: FastifyPluginAsync<TIdentityDeps> = async (app, deps) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/auth/sign_in', {
    schema: {
      tags: TAGS,
      summary:
        'Sign in with email and password; the credentials come back in the access-token, client, uid, expiry and token-type headers',
      body: ZSignInBody,
      response: { 200: ZUserDocument },
    },
    config: { limit: rateLimitFor(deps.config, 'sign_in') },
    handler: async (req, reply) => {
      const ctx = await contextOf(req, deps);
      const guard = app.limits.delays.guard(req, reply, req.body.email, () => ctx.now);
      const { user, headers } = await signIn(ctx, req.body.email, req.body.password, guard);
      reply.headers(headers);
      return userDocument(user, await rolesOf(ctx.db, user.id), ['roles']);
    },
  });

  r.delete('/auth/sign_out', {
    schema: {
      tags: TAGS,
      summary: 'Sign out the calling client only (404 when it is not signed in)',
      response: { 200: ZMetaDocument },
    },
    handler: async (req) => {
      await signOut(await contextOf(req, deps), readCredentials(req));
      return { meta: { success: true } };
    },
  });

  r.get('/auth/validate_token', {
    schema: {
      tags: TAGS,
      summary: 'The signed-in user, when the credentials are valid',
      response: { 200: ZUserDocument },
    },
    handler: async (req) => {
      const auth = requireAuth(req);
      const ctx = await contextOf(req, deps);
      const user = (await findUserById(ctx.db, auth.userId))!;
      return userDocument(user, await rolesOf(ctx.db, user.id));
    },
  });

  r.post('/auth/password', {
    schema: {
      tags: TAGS,
      summary: 'Request a password-reset mail; the answer is the same whether or not the email is known',
      body: ZPasswordResetRequestBody,
      response: { 200: ZMetaDocument },
    },
    config: { limit: rateLimitFor(deps.config, 'password') },
    // Known or unknown email: the same answer at the same time (docs/security.md).
    onSend: answerNoSoonerThan(deps.config.PASSWORD_RESET_ANSWER_MS),
    handler: async (req) => {
      const ctx = await contextOf(req, deps);
      await requestPasswordReset(ctx, req.body.email, req.body.redirect_url);
      return { meta: { message: translate(ctx.lang, 'identity.passwordResetSent') } };
    },
  });

  r.put('/auth/password', {
    schema: {
      tags: TAGS,
      summary: 'Set a new password with the uid/client/access-token headers or a reset_password_token',
      body: ZPasswordUpdateBody,
      response: { 200: ZUserDocument },
    },
    config: { limit: rateLimitFor(deps.config, 'password') },
    handler: async (req) => {
      const ctx = await contextOf(req, deps);
      const user = await updatePassword(ctx, req.auth, req.body);
      // A new password (by the mailed link or signed in) lifts the account's sign-in delays.
      await app.limits.delays.unlock(ctx.tenant.id, user.email);
      return userDocument(user, await rolesOf(ctx.db, user.id));
    },
  });

  r.get('/api/v1/sign_in_options', {
    schema: {
      tags: TAGS,
      summary: 'How users of this tenant can sign in (for the login pages)',
      response: { 200: ZSignInOptions },
    },
    handler: async (req) =>
      resourceDocument({
        type: 'sign_in_options',
        id: req.tenant.id,
        attributes: {
          password: true,
          passwordless: req.tenant.features.passwordlessLogin,
          // Offered on the student and school sign-in pages where a federation registration serves the tenant (#36).
          education_sso: await educationSsoOffered({
            db: await requestDb(req),
            config: deps.config,
            tenant: req.tenant,
          }),
        },
      }),
  });
};
