import { DEFAULT_TENANT_ID, getTenant, TENANT_COOKIE, TENANTS } from '../tenants/tenant-registry.ts';
import type { TTenant } from '../tenants/tenant.types.ts';
import { readCookie } from './cookies.ts';

/** Name of the meta tag the gateway inserts into index.html. */
export const TENANT_META = 'stageplein-tenant';
/** Name of the meta tag the gateway inserts when the deployment's staging flag (spec §1) is on. */
export const STAGING_META = 'stageplein-staging';

/** Whether the page was served by a staging deployment (the gallery `/dev*`, `/test/*` is open). */
export function detectStaging(doc: Document = document): boolean {
  return doc.querySelector<HTMLMetaElement>(`meta[name="${STAGING_META}"]`)?.content === 'true';
}

export interface TTenantHints {
  /** Content of `<meta name="stageplein-tenant">`. */
  meta?: string | null;
  /** `document.cookie`. */
  cookies?: string | null;
}

/** The gateway's meta tag wins, then the `tenant` cookie, then the default tenant; unknown ids are skipped. */
export function resolveTenant({ meta, cookies }: TTenantHints): TTenant {
  const fromMeta = meta ? getTenant(meta.trim()) : undefined;
  if (fromMeta) return fromMeta;
  const cookie = readCookie(cookies, TENANT_COOKIE);
  const fromCookie = cookie ? getTenant(cookie.trim()) : undefined;
  return fromCookie ?? TENANTS[DEFAULT_TENANT_ID];
}

/** The tenant of the page both apps are served in (read at start-up; the registry has the rest). */
export function detectTenant(doc: Document = document): TTenant {
  return resolveTenant({
    meta: doc.querySelector<HTMLMetaElement>(`meta[name="${TENANT_META}"]`)?.content,
    cookies: doc.cookie,
  });
}
