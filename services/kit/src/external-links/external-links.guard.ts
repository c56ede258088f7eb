import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { Kysely } from 'kysely';
import type { TExternalLinkSubject } from '@stageplein/contracts/external-links/external-links';
import { EXTERNAL_LINK_HEADER } from '@stageplein/contracts/http/headers';
import type { TConfig } from '../config/config.ts';
import { setTenant } from '../db/rls.ts';
import { ApiError } from '../errors/api-error.ts';
import { limiterStoreFor, type TLimiterStore } from '../http/limits/limiter-store.ts';
import {
  findExternalLink,
  recordExternalLinkUse,
  refusalError,
  refusalOf,
  type TExternalLink,
  type TExternalLinkUseSource,
} from './external-links.repository.ts';

/** The holder of a link, as a request knows them: the link's scope and where this request came from. */
export interface TLinkActor extends TExternalLink {
  /** This request as a use (pass it to `consumeExternalLink` when the action is done). */
  use: TExternalLinkUseSource;
}

export interface TRequireLink {
  /** The action(s) the route performs; a link for another is refused (`link_not_allowed`). Omitted: any. */
  action?: string | readonly string[];
  /** The subject the route is about (e.g. from its `:id`); a link for another is refused. Omitted: any. */
  subject?: (req: FastifyRequest) => TExternalLinkSubject;
  /** Path parameter that may carry the token (else only the `X-Action-Link` header does). */
  param?: string;
}

export interface TExternalLinkGuard {
  /**
   * Route options to spread into a route: `{ ...app.externalLinks.route({ action }), schema, handler }`.
   * The preHandler admits only requests with a working link for this route (see TRequireLink); the
   * config marks the route for the OpenAPI document (429, 410).
   */
  route(options?: TRequireLink): { preHandler: preHandlerAsyncHookHandler; config: { externalLink: true } };
  /** Only the preHandler, for a route that composes its own hooks (then set `config.externalLink`). */
  require(options?: TRequireLink): preHandlerAsyncHookHandler;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route is authenticated by an external action link (the OpenAPI document lists 410 and 429). */
    externalLink?: boolean;
  }
  interface FastifyInstance {
    /** A service scope's link guard (`installExternalLinks`); its features call `.require(…)`. */
    externalLinks: TExternalLinkGuard;
  }
}

const actors = new WeakMap<FastifyRequest, TLinkActor>();

/** The request's link actor (set by `require`); `link_invalid` when the route has none. */
export function linkActorOf(req: FastifyRequest): TLinkActor {
  const actor = actors.get(req);
  if (!actor) throw new ApiError('link_invalid');
  return actor;
}

function tokenOf(req: FastifyRequest, param: string | undefined): string | null {
  const fromPath = param ? (req.params as Record<string, unknown> | undefined)?.[param] : undefined;
  if (typeof fromPath === 'string' && fromPath) return fromPath;
  const header = req.headers[EXTERNAL_LINK_HEADER];
  return typeof header === 'string' && header ? header.trim() : null;
}

function refuse(reply: FastifyReply, waitMs: number): never {
  reply.header('retry-after', String(Math.max(1, Math.ceil(waitMs / 1000))));
  throw new ApiError('rate_limited');
}

/**
 * Installs the guard once in a service's scope (its module's `routes`, before its features register):
 * `app.externalLinks.require({ action, subject, param })` in any feature of that service after it.
 * Authenticates requests by an external action link (docs/decisions/external-links.md):
 * counts every request that carries a token per client address (EXTERNAL_LINK_RATE_LIMIT per
 * EXTERNAL_LINK_RATE_WINDOW_SECONDS, in the kit's limiter store: Redis when REDIS_URL is set), looks
 * the token up under the request's tenant, logs the use — `accessed`, or why a known link was refused
 * — in its own transaction (the log stays although the answer is an error and the request rolls back),
 * and puts the link actor on the request (`linkActorOf(req)`). Nothing is consumed here: a handler
 * calls `consumeExternalLink` in its use case when the action is done.
 */
export function installExternalLinks(
  app: FastifyInstance,
  deps: {
    config: Pick<TConfig, 'EXTERNAL_LINK_RATE_LIMIT' | 'EXTERNAL_LINK_RATE_WINDOW_SECONDS' | 'REDIS_URL'>;
    /** The app-role database (uses are logged in their own transaction). */
    db: Kysely<unknown>;
    now?: (() => Date) | undefined;
  },
  schema: string,
  store: TLimiterStore = limiterStoreFor(deps.config),
): TExternalLinkGuard {
  app.addHook('onClose', () => store.close());
  const windowMs = deps.config.EXTERNAL_LINK_RATE_WINDOW_SECONDS * 1000;
  const now = () => deps.now?.() ?? new Date();
  const log = (
    link: TExternalLink,
    outcome: Parameters<typeof recordExternalLinkUse>[3],
    use: TExternalLinkUseSource,
  ) =>
    deps.db.transaction().execute(async (trx) => {
      await setTenant(trx, link.tenant);
      await recordExternalLinkUse(trx, schema, link, outcome, use);
    });
  const requireLink =
    (options: TRequireLink = {}): preHandlerAsyncHookHandler =>
    async (req, reply) => {
      const hit = await store.hit(`external_link|${req.ip}`, windowMs);
      if (hit.count > deps.config.EXTERNAL_LINK_RATE_LIMIT) refuse(reply, hit.resetMs);
      const token = tokenOf(req, options.param);
      if (!token) throw new ApiError('link_invalid');
      const link = await findExternalLink(await req.db(), schema, token);
      if (!link) throw new ApiError('link_invalid');
      const use: TExternalLinkUseSource = {
        ip: req.ip,
        userAgent: req.headers['user-agent'] ?? null,
        method: req.method,
        // The route's pattern, never the URL itself: a path parameter may be the token.
        path: req.routeOptions.url ?? '',
        at: now(),
      };
      const refusal = refusalOf(link, { action: options.action, subject: options.subject?.(req) }, use.at);
      await log(link, refusal ?? 'accessed', use);
      if (refusal) throw refusalError(refusal);
      actors.set(req, { ...link, use });
    };
  const guard: TExternalLinkGuard = {
    require: requireLink,
    route: (options) => ({ preHandler: requireLink(options), config: { externalLink: true } }),
  };
  app.decorate('externalLinks', guard);
  return guard;
}
