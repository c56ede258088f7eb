import { describe, expect, it } from 'vitest';
import { DEFAULT_TENANT_ID } from '../tenants/tenant-registry.ts';
import { resolveTenant } from './detect-tenant.ts';

describe('resolveTenant', () => {
  it('takes the tenant from the gateway meta tag first', () => {
    expect(resolveTenant({ meta: 'masplein', cookies: 'tenant=demo' }).id).toBe('masplein');
    expect(resolveTenant({ meta: ' demo ' }).id).toBe('demo');
  });

  it('falls back to the tenant cookie', () => {
    expect(resolveTenant({ meta: null, cookies: 'locale=en; tenant=raayland' }).id).toBe('raayland');
    expect(resolveTenant({ meta: '', cookies: 'tenant=axia' }).id).toBe('axia');
  });

  it('skips unknown ids and falls back to the default tenant', () => {
    expect(resolveTenant({ meta: 'nope', cookies: 'tenant=demo' }).id).toBe('demo');
    expect(resolveTenant({ meta: 'nope', cookies: 'tenant=alsonope' }).id).toBe(DEFAULT_TENANT_ID);
    expect(resolveTenant({}).id).toBe(DEFAULT_TENANT_ID);
    // Ids are exact and lower case, as in the registry.
    expect(resolveTenant({ meta: 'DEMO' }).id).toBe(DEFAULT_TENANT_ID);
    expect(resolveTenant({ meta: '__proto__', cookies: 'tenant=constructor' }).id).toBe(DEFAULT_TENANT_ID);
  });

  it('returns the full registry tenant (branding included)', () => {
    const masplein = resolveTenant({ meta: 'masplein' });
    expect(masplein.appName).toBe('Masplein');
    expect(masplein.slogan).toBe('De leukste maatschappelijke stages in Nijkerk');
    const demo = resolveTenant({ meta: 'demo' });
    expect(demo.appName).toBe('Stageplein Demo');
  });
});
