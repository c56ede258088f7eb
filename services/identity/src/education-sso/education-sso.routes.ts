import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  EDUCATION_SSO_CALLBACK_PATH,
  EDUCATION_SSO_LINK_PATH,
  EDUCATION_SSO_START_PATH,
  ZEducationSsoLinkBody,
} from '@stageplein/contracts/identity/education-sso';
import { ZUserDocument } from '@stageplein/contracts/identity/users';
import { SCHEMA } from '../database.ts';
import { contextOf } from '../shared/request.ts';
import { rateLimitFor } from '../auth/rate-limit.ts';
import { rolesOf } from '../roles/roles.repository.ts';
import { userDocument } from '../users/users.serialize.ts';
import {
  confirmLink,
  finishSignIn,
  FLOW_COOKIE,
  startSignIn,
  type TRedirect,
} from './education-sso.service.ts';
import type { TIdentityDeps } from '../identity.config.ts';

const TAGS = ['authentication'];
/** Both GETs answer with a redirect only (its Location), never a body. */
const REDIRECT = z.null().describe('Redirect: the next address is in the Location header');

function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return rest.join('=') || undefined;
  }
  return undefined;
}

function redirect(reply: FastifyReply, to: TRedirect) {
  if (to.cookie) reply.header('set-cookie', to.cookie);
  reply.header('cache-control', 'no-store');
  return reply.redirect(to.location, 302);
}

/**
 * Education single sign-on through the federation (issue #36 item 1, docs/decisions/education-sso.md):
 * the portal's Kennisnet screens start here and end on its success, link or error page.
 */
export const educationSsoRoutes: FastifyPluginAsync<TIdentityDeps> = async (app, deps) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(EDUCATION_SSO_START_PATH, {
    schema: {
      tags: TAGS,
      summary:
        'Start signing in through the education federation: redirects to its sign-in page (state, nonce, PKCE)',
      querystring: z.object({ redirect_url: z.string().min(1).max(2000) }),
      response: { 302: REDIRECT },
    },
    handler: async (req, reply) => {
      const ctx = await contextOf(req, deps);
      // A GET's own transaction is read-only: the flow is written in one of its own.
      const to = await ctx.independently((db) =>
        startSignIn({ ...ctx, db }, { redirectUrl: req.query.redirect_url, origin: req.publicOrigin }),
      );
      return redirect(reply, to);
    },
  });

  r.get(EDUCATION_SSO_CALLBACK_PATH, {
    schema: {
      tags: TAGS,
      summary:
        "The federation's answer: redirects to the portal's success page with the credentials, its link page or its error page",
      // The authorization response (RFC 6749 §4.1.2, RFC 9207's `iss`); the handler reads the URL itself.
      querystring: z.object({
        code: z.string().max(2000).optional(),
        state: z.string().max(200).optional(),
        iss: z.string().max(2000).optional(),
        error: z.string().max(200).optional(),
        error_description: z.string().max(2000).optional(),
      }),
      response: { 302: REDIRECT },
    },
    handler: async (req, reply) => {
      const ctx = await contextOf(req, deps);
      // Written in a transaction of its own (a GET's is read-only), committed whatever the outcome: a
      // used flow stays used.
      const to = await ctx.independently((db) =>
        finishSignIn(
          { ...ctx, db },
          {
            callbackUrl: new URL(`${req.publicOrigin}${req.url}`),
            browser: cookieValue(req.headers.cookie, FLOW_COOKIE),
            origin: req.publicOrigin,
          },
        ),
      );
      // Like every sign-in: answered once every service knows the new session (docs/decisions/auth.md).
      if (to.signedIn && deps.outboxSettled && !(await deps.outboxSettled(SCHEMA, req.tenant.id))) {
        req.log.warn('identity events not yet applied everywhere');
      }
      return redirect(reply, to);
    },
  });

  r.post(EDUCATION_SSO_LINK_PATH, {
    schema: {
      tags: TAGS,
      summary:
        'Link the recognised federation identity to an account of its school, confirmed with that account’s password; credentials come back in the headers',
      body: ZEducationSsoLinkBody,
      response: { 200: ZUserDocument },
    },
    config: { limit: rateLimitFor(deps.config, 'sign_in') },
    handler: async (req, reply) => {
      const ctx = await contextOf(req, deps);
      const { user, headers } = await confirmLink(ctx, req.body);
      reply.headers(headers);
      return userDocument(user, await rolesOf(ctx.db, user.id), ['roles']);
    },
  });
};
