import { describe, expect, it } from 'vitest';
import { parseConfig } from '@stageplein/kit/config/config';
import { generateAuthSecret } from '@stageplein/kit/auth/auth-keys';
import { publicUrl } from '@stageplein/kit/tenant/public-url';
import { allowedRedirectOrigins, isAllowedRedirect } from './urls.ts';
import { IDENTITY_CONFIG } from '../identity.config.ts';

const config = parseConfig(
  {
    PORT: '3000',
    AUTH_TOKEN_SECRET: generateAuthSecret(),
    // As `npm start` configures it: the bare host name is the default tenant's.
    DEFAULT_TENANT: 'stageplein',
    TENANT_DOMAINS: 'stage.raayland.nl=raayland',
    PASSWORD_RESET_REDIRECT_ALLOW_LIST: 'https://{tenant}.stageplein.nl, https://app.example.org',
  },
  IDENTITY_CONFIG,
);

describe('password-reset redirect allow-list', () => {
  it('allows the tenant’s own site, its domains and the configured origins', () => {
    expect(publicUrl(config, 'raayland')).toBe('http://raayland.localhost:3000');
    expect(allowedRedirectOrigins(config, 'raayland').sort()).toEqual(
      [
        'http://raayland.localhost:3000',
        'https://app.example.org',
        'https://raayland.stageplein.nl',
        'https://stage.raayland.nl',
      ].sort(),
    );
    expect(isAllowedRedirect(config, 'raayland', 'http://raayland.localhost:3000/auth/reset')).toBe(true);
    expect(isAllowedRedirect(config, 'raayland', 'https://stage.raayland.nl/auth/reset?x=1')).toBe(true);
    expect(isAllowedRedirect(config, 'stageplein', 'http://localhost:3000/auth/reset')).toBe(true);
  });

  it('refuses other tenants’ sites, look-alikes, other protocols and credentials in the URL', () => {
    expect(isAllowedRedirect(config, 'demo', 'http://raayland.localhost:3000/auth/reset')).toBe(false);
    expect(isAllowedRedirect(config, 'demo', 'http://localhost:3000/auth/reset')).toBe(false);
    expect(isAllowedRedirect(config, 'raayland', 'https://stage.raayland.nl.evil.test/auth/reset')).toBe(
      false,
    );
    expect(isAllowedRedirect(config, 'raayland', 'javascript:alert(1)')).toBe(false);
    expect(isAllowedRedirect(config, 'raayland', 'https://user:pw@stage.raayland.nl/')).toBe(false);
    expect(isAllowedRedirect(config, 'raayland', '/auth/reset')).toBe(false);
  });
});
