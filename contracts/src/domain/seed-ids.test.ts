import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { TENANT_IDS } from '../tenants/tenant.types.ts';
import { SEED_ORGANIZATION_KINDS, seedOrganizationId, uuidV5 } from './seed-ids.ts';

const DNS_NAMESPACE = '6ba7b810-9dad-11d1-80b4-00c04fd430c8';

/** Reference v5 built on node:crypto's SHA-1, to check the pure implementation against. */
function referenceV5(name: string, namespace: string): string {
  const hash = createHash('sha1')
    .update(Buffer.from(namespace.replaceAll('-', ''), 'hex'))
    .update(name)
    .digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

describe('seed organization ids', () => {
  it('computes RFC 9562 UUID v5 (known vector)', () => {
    expect(uuidV5('www.example.com', DNS_NAMESPACE)).toBe('2ed6657d-e927-568b-95e1-2665a8aea6a2');
  });

  it('matches a SHA-1 reference for names of every padding length', () => {
    for (let n = 0; n < 130; n++) {
      const name = 'x'.repeat(n) + 'é';
      expect(uuidV5(name, DNS_NAMESPACE), name).toBe(referenceV5(name, DNS_NAMESPACE));
    }
  });

  it('is deterministic and unique per tenant and kind', () => {
    const ids = TENANT_IDS.flatMap((t) => SEED_ORGANIZATION_KINDS.map((k) => seedOrganizationId(t, k)));
    expect(new Set(ids).size).toBe(TENANT_IDS.length * SEED_ORGANIZATION_KINDS.length);
    expect(seedOrganizationId('demo', 'school')).toBe(seedOrganizationId('demo', 'school'));
    expect(seedOrganizationId('demo', 'school')).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });
});
