import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest, RawServerBase, RouteGenericInterface } from 'fastify';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import httpProxy from '@fastify/http-proxy';
import { context, propagation, trace } from '@opentelemetry/api';
import { readCookie } from '@stageplein/contracts/client/cookies';
import { LOCALE_COOKIE, negotiateLanguage, toLanguage } from '@stageplein/contracts/i18n/index';
import { TENANT_COOKIE } from '@stageplein/contracts/tenants/tenant-registry';
import { TENANT_HEADER } from '@stageplein/contracts/http/headers';
import { ROUTE_ALIASES } from '@stageplein/contracts/routes/route-manifest';
import { createHttpApp } from '@stageplein/kit/http/http-app';
import { registerService, type TServiceDeps, type TServiceModule } from '@stageplein/kit/service';
import { resolveTenant } from '@stageplein/kit/tenant/tenant.plugin';
import { ApiError } from '@stageplein/kit/errors/api-error';
import { createPageRenderer, type TUiDirs } from './ui-pages.ts';
import type { TContentTarget } from '@stageplein/contracts/content/prerender';
import { createCmsPrerender } from './cms-prerender.ts';
import { securityHeaders } from './security-headers.ts';
import { tileOrigin } from '@stageplein/contracts/client/map-tiles';
import { clientErrorsRoutes } from './client-errors/client-errors.routes.ts';
import type { TGatewayConfig } from './gateway.config.ts';

export interface TGatewayOptions<TCfg extends TGatewayConfig = TGatewayConfig> {
  config: TCfg;
  /** Embedded profile: services mounted in this process, with their infrastructure. */
  services?: readonly TServiceModule<TCfg>[];
  deps?: TServiceDeps<TCfg>;
  /** Distributed profile: URL prefix → service base URL. */
  upstreams?: readonly { prefixes: readonly string[]; url: string }[];
  ui: TUiDirs;
  logger?: false;
  /**
   * The kinds of page served with their content (cms-prerender.ts), all by default. The portal
   * benchmark's "before" build leaves out what that commit's gateway did not serve yet, since its
   * portal cannot hydrate it (infra/bench/portal.bench.ts, BENCH_BEFORE_UNSERVED).
   */
  servedKinds?: readonly TContentTarget['kind'][];
}

const ONE_YEAR = 365 * 24 * 60 * 60;

/**
 * What a service behind the gateway (distributed profile; TRUSTED_PROXIES there names the gateway)
 * learns of the client: the address, host and scheme as the gateway established them (its own trusted
 * proxies' headers taken into account, a client's forged ones not), replacing whatever the client sent;
 * `x-tenant` only when the gateway trusts the peer that sent it.
 */
function forwardedHeaders(
  app: FastifyInstance,
  req: FastifyRequest<RouteGenericInterface, RawServerBase>,
  headers: Record<string, string | string[] | undefined>,
) {
  const {
    'x-forwarded-for': _for,
    'x-forwarded-host': _host,
    'x-forwarded-proto': _proto,
    ...rest
  } = headers;
  if (!app.trustsPeer(req as FastifyRequest)) delete rest[TENANT_HEADER];
  return {
    ...rest,
    'x-forwarded-for': req.ip,
    'x-forwarded-host': req.host,
    'x-forwarded-proto': req.protocol,
  };
}

/** The one public origin: API routing, the two built UIs per the route manifest, latest.json. */
export async function buildGateway<TCfg extends TGatewayConfig>(
  options: TGatewayOptions<TCfg>,
): Promise<FastifyInstance> {
  const { config, deps, ui } = options;
  const app = await createHttpApp({
    name: 'gateway',
    logLevel: config.LOG_LEVEL,
    validateResponses: config.NODE_ENV !== 'production',
    logger: options.logger,
    trustedProxies: config.TRUSTED_PROXIES,
  });

  await app.register(compress, { global: true, threshold: 1024 });
  const tiles = tileOrigin(config.MAP_TILE_URL);
  const headers = securityHeaders({ imgOrigins: tiles ? [tiles] : [] });
  app.addHook('onRequest', async (_req, reply) => {
    reply.headers(headers);
  });

  // The gateway's own API: browser error reports (docs/observability.md).
  await app.register(clientErrorsRoutes, { config });

  for (const service of options.services ?? []) {
    if (!deps) throw new Error('Mounting services in the gateway needs their dependencies.');
    await registerService(app, service, deps);
  }
  for (const upstream of options.upstreams ?? []) {
    for (const prefix of upstream.prefixes) {
      await app.register(httpProxy, {
        upstream: upstream.url,
        prefix,
        rewritePrefix: prefix,
        http2: false,
        replyOptions: {
          // The service's request span continues the gateway's span, not the caller's traceparent.
          rewriteRequestHeaders: (req, headers) => {
            const forwarded = forwardedHeaders(app, req, headers);
            if (!req.span) return forwarded;
            const carrier: Record<string, string> = {};
            propagation.inject(trace.setSpan(context.active(), req.span), carrier);
            return { ...forwarded, ...carrier };
          },
        },
      });
    }
  }

  // Built assets: content-hashed, so cached for a year. index.html is never served from here.
  for (const [dir, prefix] of [
    [ui.portal, '/assets/'],
    [ui.admin, '/_admin/'],
  ] as const) {
    const root = prefix === '/assets/' ? path.join(dir, 'assets') : dir;
    if (!existsSync(root)) continue;
    await app.register(fastifyStatic, {
      root,
      prefix,
      decorateReply: false,
      index: false,
      wildcard: true,
      immutable: true,
      maxAge: '365d',
      allowedPath: (pathname) => !pathname.endsWith('index.html'),
    });
  }

  app.get('/latest.json', { schema: { hide: true } }, async (_req, reply) => {
    const file = path.join(ui.portal, 'latest.json');
    reply.header('cache-control', 'no-store');
    if (!existsSync(file)) return reply.status(404).send({ error: 'no build manifest' });
    return reply.type('application/json').send(readFileSync(file, 'utf8'));
  });

  const pages = createPageRenderer(ui, {
    staging: config.STAGING,
    mapTiles: { url: config.MAP_TILE_URL, attribution: config.MAP_TILE_ATTRIBUTION },
  });
  const prerender = createCmsPrerender(app, {
    cacheSeconds: config.CMS_RENDER_CACHE_SECONDS,
    ...(options.servedKinds && { kinds: options.servedKinds }),
  });
  const tenantOptions = {
    defaultTenant: config.DEFAULT_TENANT,
    domainMap: config.TENANT_DOMAINS,
    publicUrlTemplate: config.PUBLIC_URL_TEMPLATE,
  };

  // Everything else that is a page: the manifest decides the app, or the 404 page.
  app.get('/*', { schema: { hide: true } }, async (req, reply) => {
    const pathname = req.url.split('?')[0] ?? '/';
    if (pathname.startsWith('/api/') || pathname.startsWith('/auth/sign') || path.extname(pathname)) {
      throw new ApiError('not_found', { path: pathname });
    }
    const alias = ROUTE_ALIASES[pathname.replace(/\/+$/, '').toLowerCase()];
    if (alias) return reply.redirect(alias + req.url.slice(pathname.length), 302);
    const tenant = resolveTenant(req, tenantOptions);
    const lang =
      toLanguage(readCookie(req.headers.cookie, LOCALE_COOKIE)) ??
      negotiateLanguage(req.headers['accept-language']);
    const decoded = decodeURI(pathname);
    const content = await prerender.load(decoded, req.url.slice(pathname.length), {
      ip: req.ip,
      tenant,
      lang,
    });
    const page = pages.render(decoded, tenant, lang, content);
    reply.header('set-cookie', `${TENANT_COOKIE}=${tenant.id}; Path=/; Max-Age=${ONE_YEAR}; SameSite=Lax`);
    reply.header('cache-control', 'no-cache');
    return reply.status(page.status).type('text/html; charset=utf-8').send(page.html);
  });

  return app;
}
