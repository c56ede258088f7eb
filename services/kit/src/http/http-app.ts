import Fastify, { type FastifyInstance, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import swagger from '@fastify/swagger';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  clientErrorHandler,
  frameworkErrorHandler,
  installErrorHandler,
  JSONAPI_MEDIA_TYPE,
} from '../errors/error-handler.ts';
import { tracingPlugin } from '../telemetry/telemetry.ts';
import { openapiDocumentTransform, openapiRouteTransform } from './openapi.ts';
import { installJsonHygiene } from './json-hygiene.ts';
import { compileTrust, peerIsTrusted } from './proxy-trust.ts';

export type TReadinessCheck = { name: string; check(): Promise<void> };

declare module 'fastify' {
  interface FastifyInstance {
    readinessChecks: TReadinessCheck[];
  }
}

export interface THttpAppOptions {
  name: string;
  logLevel?: string;
  /** pino options or `false`; tests pass `false` to keep output quiet. */
  logger?: FastifyServerOptions['logger'];
  /**
   * TRUSTED_PROXIES: the only peers whose X-Forwarded-For/-Host/-Proto (and `x-tenant`) count.
   * Default none: a client's own headers never change its address, host or tenant.
   */
  trustedProxies?: readonly string[];
  /**
   * Check every response against its route schema. On in development and tests, where a drifting
   * contract should fail loudly; off in production, where it would cost each response a full parse.
   */
  validateResponses?: boolean;
}

/**
 * The shared HTTP runtime of every service and the gateway: zod validation and serialization,
 * JSON:API errors, tracing, OpenAPI from the route schemas, health and readiness.
 */
export async function createHttpApp(options: THttpAppOptions): Promise<FastifyInstance> {
  const trust = compileTrust(options.trustedProxies ?? []);
  const app = Fastify({
    logger: options.logger ?? { level: options.logLevel ?? 'info', name: options.name },
    trustProxy: (options.trustedProxies ?? []).length > 0 ? trust : false,
    // Keys such as `filter[organization_id_eq]` stay flat; the JSON:API parser reads them.
    routerOptions: { ignoreTrailingSlash: true },
    forceCloseConnections: 'idle',
    // Refusals before routing (a URL that does not decode, a request Node cannot parse) are JSON:API
    // catalogue errors too.
    frameworkErrors: frameworkErrorHandler,
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler((route) => {
    const serialize =
      options.validateResponses === false
        ? (data: unknown) => JSON.stringify(data)
        : serializerCompiler(route as Parameters<typeof serializerCompiler>[0]);
    // As UTF-8 bytes: Node would otherwise prepend the head to a string body (a copy of the whole
    // document on the V8 heap) and Fastify measure it for Content-Length (flattening the string
    // JSON.stringify builds in parts) — on a 100 kB page of internships 15 % of the gateway's
    // allocations (docs/benchmarks.md). Fastify sends a Buffer as it is, though its serializer type
    // says string: this cast stays (an onSend hook turning the string into bytes would cost every reply).
    return ((data: unknown) => Buffer.from(serialize(data))) as unknown as (data: unknown) => string;
  });
  app.addContentTypeParser(
    JSONAPI_MEDIA_TYPE,
    { parseAs: 'string' },
    app.getDefaultJsonParser('error', 'ignore'),
  );
  installJsonHygiene(app);
  app.decorate('trustsPeer', (req: FastifyRequest) => peerIsTrusted(req, trust));
  installErrorHandler(app);
  await app.register(tracingPlugin);
  await app.register(swagger, {
    openapi: {
      info: { title: `Stageplein ${options.name} API`, version: '1.0.0' },
      components: {},
    },
    transform: openapiRouteTransform,
    transformObject: openapiDocumentTransform,
  });

  app.decorate('readinessChecks', [] as TReadinessCheck[]);
  app.get('/health', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/ready', { schema: { hide: true } }, async (_req, reply) => {
    const results = await Promise.all(
      app.readinessChecks.map(async (c) => {
        try {
          await c.check();
          return [c.name, 'ok'] as const;
        } catch (error) {
          return [c.name, error instanceof Error ? error.message : String(error)] as const;
        }
      }),
    );
    const ready = results.every(([, r]) => r === 'ok');
    return reply
      .status(ready ? 200 : 503)
      .send({ status: ready ? 'ready' : 'not ready', checks: Object.fromEntries(results) });
  });
  app.get('/api/v1/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  return app;
}
