/** Request headers of spec §7, shared by the services and both front ends. */
export const TENANT_HEADER = 'x-tenant';
export const CURRENT_ORGANIZATION_HEADER = 'x-current-organization-id';
/** devise_token_auth credentials (spec §3 "Auth credentials"), also kept in cookies of these names. */
export const AUTH_HEADERS = ['access-token', 'client', 'uid', 'expiry', 'token-type'] as const;
export const LANGUAGE_HEADER = 'accept-language';
/**
 * The header that carries an external action link's token (docs/decisions/external-links.md); here,
 * with no zod, so a front-end chunk that sends it stays small.
 */
export const EXTERNAL_LINK_HEADER = 'x-action-link';
