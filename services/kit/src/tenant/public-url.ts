import type { TConfig } from '../config/config.ts';

/**
 * The tenant's public site, without a trailing slash: PUBLIC_URL_TEMPLATE with `{tenant}` filled in.
 * Links in mail point here, never at a request's Host (identity's mail requests accept links only on it).
 */
export const publicUrl = (config: Pick<TConfig, 'PUBLIC_URL_TEMPLATE'>, tenant: string): string =>
  config.PUBLIC_URL_TEMPLATE.replaceAll('{tenant}', tenant).replace(/\/$/, '');
