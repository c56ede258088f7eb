import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { TENANT_HEADER } from '@stageplein/contracts/http/headers';
import { getTenant, tenantFromHost, TENANT_COOKIE } from '@stageplein/contracts/tenants/tenant-registry';
import type { TTenant, TTenantId } from '@stageplein/contracts/tenants/tenant.types';
import { ApiError } from '../errors/api-error.ts';

declare module 'fastify' {
  interface FastifyRequest {
    tenant: TTenant;
    /** The origin of absolute links in answers: never a Host that names no tenant (see `resolveTenant`). */
    publicOrigin: string;
  }
}

export interface TTenantOptions {
  /** DEFAULT_TENANT; unset, a Host that names no tenant is refused with 421 `unknown_host`. */
  defaultTenant?: TTenantId | undefined;
  domainMap: Record<string, TTenantId>;
  /** PUBLIC_URL_TEMPLATE: a tenant's own origin, for links when the Host is not one of its names. */
  publicUrlTemplate?: string;
}

/** Host names of this machine (`localhost`, `<tenant>.localhost`, loopback addresses), with any port. */
const LOCAL_HOST = /^(([a-z0-9-]+\.)*localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/i;

/**
 * Resolves the tenant of a request (spec §1, DESIGN §3): the tenant header, but only from a trusted peer
 * (a configured proxy or an in-process call; from anyone else it is ignored) and then only a known
 * tenant; otherwise the host name (`raayland.localhost`, the domain map, as the trusted X-Forwarded-Host
 * or the Host); a host that names no tenant only where a default tenant is configured (then the
 * `tenant` cookie, then that default), else 421 `unknown_host`.
 */
export function resolveTenant(req: FastifyRequest, options: TTenantOptions): TTenant {
  return resolve(req, options).tenant;
}

function resolve(req: FastifyRequest, options: TTenantOptions): { tenant: TTenant; ownHost: boolean } {
  const header = req.headers[TENANT_HEADER];
  if (header !== undefined && (req.server.trustsPeer?.(req) ?? false)) {
    const tenant = getTenant(String(header));
    if (!tenant)
      throw new ApiError('unknown_tenant', { tenant: String(header) }, { parameter: TENANT_HEADER });
    return { tenant, ownHost: isOwnHost(req.host, options) };
  }
  const fromHost = tenantFromHost(req.host, options.domainMap);
  if (fromHost) return { tenant: getTenant(fromHost)!, ownHost: isOwnHost(req.host, options) };
  if (!options.defaultTenant) throw new ApiError('unknown_host');
  const cookie = cookieValue(req.headers.cookie, TENANT_COOKIE);
  return {
    tenant: getTenant(cookie && getTenant(cookie) ? cookie : options.defaultTenant)!,
    ownHost: isOwnHost(req.host, options),
  };
}

/** A host the product answers under: this machine's names, or a configured tenant domain (TENANT_DOMAINS). */
function isOwnHost(host: string, options: TTenantOptions): boolean {
  if (LOCAL_HOST.test(host)) return true;
  const name = host.toLowerCase().replace(/:\d+$/, '');
  return Object.keys(options.domainMap).some((domain) => domain.toLowerCase() === name);
}

/**
 * Where links of an answer point: the request's own origin when its Host is one of the product's own
 * (this machine's names, a TENANT_DOMAINS entry), else the tenant's PUBLIC_URL_TEMPLATE; so a Host an
 * outsider chose (`evil.test`, or `demo.evil.test`, whose first label names a tenant) is never echoed.
 */
function publicOriginOf(req: FastifyRequest, tenant: TTenant, ownHost: boolean, options: TTenantOptions) {
  if (ownHost) return `${req.protocol}://${req.host}`;
  const template = options.publicUrlTemplate ?? `${req.protocol}://{tenant}.localhost`;
  return new URL(template.replaceAll('{tenant}', tenant.id)).origin;
}

/** The absolute URL of the request (JSON:API pagination links), on its public origin. */
export const requestUrl = (req: FastifyRequest): string => `${req.publicOrigin}${req.url}`;

function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) {
      try {
        return decodeURIComponent(rest.join('='));
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

export const tenantPlugin = fp<TTenantOptions>(
  async (app, options) => {
    // Declared without a value: the onRequest hook below sets it on every request before anything reads it.
    app.decorateRequest('tenant');
    app.decorateRequest('publicOrigin', '');
    app.addHook('onRequest', async (req) => {
      const { tenant, ownHost } = resolve(req, options);
      req.tenant = tenant;
      req.publicOrigin = publicOriginOf(req, tenant, ownHost, options);
    });
  },
  { name: 'stageplein-tenant' },
);
