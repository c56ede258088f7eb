/**
 * Deterministic ids of the demo organizations every tenant is seeded with (embedded profile only).
 * Identity seeds roles on them and organizations seeds the organizations themselves, so both derive
 * the ids here: UUID v5 (RFC 9562, SHA-1 name-based) of `${tenant}:${kind}` in our own namespace.
 * Pure TypeScript so the contracts stay free of Node built-ins.
 */
import type { TOrganizationType } from '../identity/roles.ts';

/** Namespace of Stageplein seed ids (a fixed random v4 uuid). */
export const SEED_NAMESPACE = '5b0c7f38-3f7e-4a55-9a43-8f6f2d1c9e21';

export const SEED_ORGANIZATION_KINDS = ['school', 'volunteer-center', 'provider', 'nonprofit'] as const;
export type TSeedOrganizationKind = (typeof SEED_ORGANIZATION_KINDS)[number];

export const SEED_ORGANIZATION_TYPES: Readonly<Record<TSeedOrganizationKind, TOrganizationType>> =
  Object.freeze({
    school: 'School',
    'volunteer-center': 'VolunteerCenter',
    provider: 'Provider',
    nonprofit: 'NonProfit',
  });

/** Id of a tenant's seeded organization of the given kind. */
export function seedOrganizationId(tenant: string, kind: TSeedOrganizationKind): string {
  return uuidV5(`${tenant}:${kind}`, SEED_NAMESPACE);
}

/**
 * Upload id of a tenant's n-th seeded stock image (content seeds it; placements' seeded vacancies show
 * the first few, so the vacancy images are alive on a first start).
 */
export function seedStockImageUploadId(tenant: string, n: number): string {
  return uuidV5(`${tenant}:stock-image-upload:${n}`, SEED_NAMESPACE);
}

/** How many stock images every tenant is seeded with (content's `SEED_STOCK_IMAGES`; a test checks). */
export const SEED_STOCK_IMAGE_COUNT = 4;

/** UUID version 5 of `name` in `namespace`. */
export function uuidV5(name: string, namespace: string): string {
  const ns = namespace.replaceAll('-', '');
  if (!/^[0-9a-f]{32}$/i.test(ns)) throw new Error(`Invalid namespace uuid: ${namespace}`);
  const nsBytes = ns.match(/../g)!.map((h) => parseInt(h, 16));
  const hash = sha1([...nsBytes, ...new TextEncoder().encode(name)]);
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash
    .slice(0, 16)
    .map((b) => b.toString(16).padStart(2, '0'))
    .join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** SHA-1 (FIPS 180-4) of a byte array; only used for name-based ids, never for security. */
function sha1(bytes: readonly number[]): number[] {
  const bitLength = bytes.length * 8;
  const padded = [...bytes, 0x80];
  while (padded.length % 64 !== 56) padded.push(0);
  for (let i = 7; i >= 0; i--) padded.push(i >= 4 ? 0 : (bitLength >>> (i * 8)) & 0xff);
  const h = [0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476, 0xc3d2e1f0];
  const w = new Array<number>(80);
  const rotl = (x: number, n: number) => (x << n) | (x >>> (32 - n));
  for (let chunk = 0; chunk < padded.length; chunk += 64) {
    for (let i = 0; i < 16; i++) {
      const o = chunk + i * 4;
      w[i] = (padded[o]! << 24) | (padded[o + 1]! << 16) | (padded[o + 2]! << 8) | padded[o + 3]!;
    }
    for (let i = 16; i < 80; i++) w[i] = rotl(w[i - 3]! ^ w[i - 8]! ^ w[i - 14]! ^ w[i - 16]!, 1);
    let [a, b, c, d, e] = h as [number, number, number, number, number];
    for (let i = 0; i < 80; i++) {
      const [f, k] =
        i < 20
          ? [(b & c) | (~b & d), 0x5a827999]
          : i < 40
            ? [b ^ c ^ d, 0x6ed9eba1]
            : i < 60
              ? [(b & c) | (b & d) | (c & d), 0x8f1bbcdc]
              : [b ^ c ^ d, 0xca62c1d6];
      const t = (rotl(a, 5) + f + e + k + w[i]!) | 0;
      e = d;
      d = c;
      c = rotl(b, 30);
      b = a;
      a = t;
    }
    h[0] = (h[0]! + a) | 0;
    h[1] = (h[1]! + b) | 0;
    h[2] = (h[2]! + c) | 0;
    h[3] = (h[3]! + d) | 0;
    h[4] = (h[4]! + e) | 0;
  }
  return h.flatMap((x) => [(x >>> 24) & 0xff, (x >>> 16) & 0xff, (x >>> 8) & 0xff, x & 0xff]);
}

/**
 * Classmates of the demo student, seeded in every tenant (embedded profile): students of the School in
 * one of its seeded groups, without an internship, the ones a school reaches with a bulk message "to
 * students without an internship yet" (issue #30 item 3). Identity seeds their accounts (the demo
 * password, like the demo accounts), organizations their group; nobody seeds them an internship.
 */
export const DEMO_CLASSMATES: readonly {
  local: string;
  firstName: string;
  lastName: string;
  /** A seeded group's name (organizations' seeds). */
  group: string;
}[] = Object.freeze([
  { local: 'lotte', firstName: 'Lotte', lastName: 'de Boer', group: '3A' },
  { local: 'daan', firstName: 'Daan', lastName: 'Visser', group: '3A' },
  { local: 'noor', firstName: 'Noor', lastName: 'Jansen', group: '3B' },
]);
