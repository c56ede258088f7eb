import { describe, expect, it } from 'vitest';

import { securityHeaders } from './security-headers.ts';

describe('securityHeaders', () => {
  it("computes helmet's headers once, with the map's tile origin allowed for images", () => {
    const headers = securityHeaders({ imgOrigins: ['https://tiles.example'] });
    expect(headers['content-security-policy']).toContain("img-src 'self' data: blob: https://tiles.example");
    expect(headers['content-security-policy']).toContain("default-src 'self'");
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(headers).not.toHaveProperty('cross-origin-embedder-policy');
    // Every name lower case, every value a string, as the gateway sets them on each response.
    for (const [name, value] of Object.entries(headers)) {
      expect(name).toBe(name.toLowerCase());
      expect(typeof value).toBe('string');
    }
  });
});
