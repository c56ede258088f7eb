import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { TENANT_HEADER } from '@stageplein/contracts/http/headers';
import { getTenant, tenantFromHost, TENANT_COOKIE } from '@stageplein/contracts/tenants/tenant-registry';
import type { TTenant, TTenantId } from '@stageplein/contracts/tenants/tenant.types';
import { ApiError } from '../errors/api-error.ts';

declare module 'fastify' {
  interface FastifyRequest {
    tenant: TTenant;
  }
}

export interface TTenantOptions {
  defaultTenant: TTenantId;
  domainMap: Record<string, TTenantId>;
}

/**
 * Resolves the tenant of a request (spec §1, DESIGN §3): an explicit tenant header must name a known
 * tenant; otherwise the host name (`raayland.localhost`, the domain map), then the `tenant` cookie,
 * then the configured default.
 */
export function resolveTenant(req: FastifyRequest, options: TTenantOptions): TTenant {
  const header = req.headers[TENANT_HEADER];
  if (header !== undefined) {
    const tenant = getTenant(String(header));
    if (!tenant)
      throw new ApiError('unknown_tenant', { tenant: String(header) }, { parameter: TENANT_HEADER });
    return tenant;
  }
  const fromHost = tenantFromHost(req.host, options.domainMap);
  const cookie = cookieValue(req.headers.cookie, TENANT_COOKIE);
  const id = fromHost ?? (cookie && getTenant(cookie) ? cookie : undefined) ?? options.defaultTenant;
  return getTenant(id)!;
}

function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

export const tenantPlugin = fp<TTenantOptions>(
  async (app, options) => {
    app.decorateRequest('tenant', null as unknown as TTenant);
    app.addHook('onRequest', async (req) => {
      req.tenant = resolveTenant(req, options);
    });
  },
  { name: 'stageplein-tenant' },
);
