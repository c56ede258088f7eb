import { publicUrl } from '@stageplein/kit/tenant/public-url';
import type { TIdentityConfig } from '../identity.config.ts';

/** Origins a password-reset link may lead to for this tenant. */
export function allowedRedirectOrigins(config: TIdentityConfig, tenant: string): string[] {
  const origins = [
    publicUrl(config, tenant),
    ...config.PASSWORD_RESET_REDIRECT_ALLOW_LIST.map((o) => o.replaceAll('{tenant}', tenant)),
  ];
  for (const [host, t] of Object.entries(config.TENANT_DOMAINS)) {
    if (t === tenant) origins.push(`https://${host}`);
  }
  // The default tenant is also served on the bare host name.
  if (tenant === config.DEFAULT_TENANT) origins.push(`http://localhost:${config.PORT}`);
  return [...new Set(origins.flatMap((o) => (URL.canParse(o) ? [new URL(o).origin] : [])))];
}

/** Only http(s) URLs on one of the tenant's allowed origins; anything else is refused. */
export function isAllowedRedirect(config: TIdentityConfig, tenant: string, url: string): boolean {
  if (!URL.canParse(url)) return false;
  const parsed = new URL(url);
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return false;
  if (parsed.username || parsed.password) return false;
  return allowedRedirectOrigins(config, tenant).includes(parsed.origin);
}
