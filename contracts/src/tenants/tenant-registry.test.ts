import { describe, it, expect } from 'vitest';
import { TENANT_IDS, type TTenantFeatures, type TTenantId } from './tenant.types.ts';
import {
  appNameFor,
  DEFAULT_MAP_CENTER,
  DEFAULT_TENANT_ID,
  getTenant,
  isTenantId,
  pageTitle,
  PRODUCT_WORD,
  sloganFor,
  TENANT_COOKIE,
  TENANT_LIST,
  TENANTS,
  tenantFromHost,
} from './tenant-registry.ts';
import { DEFAULT_THEME } from './theme.ts';

/** Tenants that have a switch on, computed from the registry. */
function tenantsWith(feature: keyof TTenantFeatures): TTenantId[] {
  return TENANT_IDS.filter((id) => TENANTS[id].features[feature])
    .slice()
    .sort();
}
const sorted = (ids: TTenantId[]): TTenantId[] => [...ids].sort();

describe('tenant ids and constants', () => {
  it('has the 11 tenants of spec §1', () => {
    expect(sorted([...TENANT_IDS])).toEqual(
      sorted([
        'stageplein',
        'demo',
        'raayland',
        'casteleijn',
        'nuborgh',
        'corderius',
        'match2gether',
        'masplein',
        'axia',
        'oldebroek',
        'public',
      ]),
    );
    expect(Object.keys(TENANTS)).toHaveLength(11);
    expect(TENANT_LIST.map((t) => t.id)).toEqual([...TENANT_IDS]);
    for (const id of TENANT_IDS) expect(TENANTS[id].id).toBe(id);
  });

  it('has the spec §9 constants', () => {
    expect(PRODUCT_WORD).toBe('Stageplein');
    expect(DEFAULT_TENANT_ID).toBe('stageplein');
    expect(TENANT_COOKIE).toBe('tenant');
  });

  it('has the display names', () => {
    expect(Object.fromEntries(TENANT_LIST.map((t) => [t.id, t.name]))).toEqual({
      stageplein: 'Stageplein',
      demo: 'Demo',
      raayland: 'Raayland',
      casteleijn: 'Casteleijn',
      nuborgh: 'Nuborgh',
      corderius: 'Corderius',
      match2gether: 'Match2gether',
      masplein: 'Masplein',
      axia: 'Axia',
      oldebroek: 'Oldebroek',
      public: 'Public',
    });
  });

  it('is frozen', () => {
    expect(Object.isFrozen(TENANTS)).toBe(true);
    expect(Object.isFrozen(TENANTS.demo.features)).toBe(true);
    expect(Object.isFrozen(TENANTS.stageplein.theme.colors.primary)).toBe(true);
  });
});

// Spec §1 switch table, each row's tenant list written out by hand.
describe('switch table (spec §1)', () => {
  const rows: [string, keyof TTenantFeatures, TTenantId[]][] = [
    [
      'Traineeship tenants (use digital contracts)',
      'traineeship',
      ['match2gether', 'axia', 'raayland', 'casteleijn', 'nuborgh', 'demo'],
    ],
    [
      'Non-traineeship tenants (use hours)',
      'usesHours',
      ['stageplein', 'corderius', 'masplein', 'oldebroek', 'public'],
    ],
    [
      'Evaluation forms',
      'evaluationForms',
      ['corderius', 'masplein', 'oldebroek', 'public', 'demo', 'raayland', 'casteleijn', 'nuborgh'],
    ],
    ['Legacy evaluation form', 'legacyEvaluationForm', ['corderius', 'casteleijn']],
    ['Paper timesheets', 'paperTimesheets', ['stageplein']],
    ['Motivation field enabled', 'motivationField', ['stageplein', 'corderius']],
    [
      'Students may submit self-found internships',
      'selfFoundInternships',
      [
        'stageplein',
        'demo',
        'raayland',
        'casteleijn',
        'nuborgh',
        'corderius',
        'masplein',
        'axia',
        'oldebroek',
        'public',
      ],
    ],
    ['QR code is the primary signing method', 'qrCodePrimarySigning', ['demo', 'raayland', 'nuborgh']],
    ['Company must sign first', 'companySignsFirst', ['demo', 'raayland']],
    [
      'School representatives can be invited',
      'schoolRepresentativesInvitable',
      [
        'stageplein',
        'demo',
        'raayland',
        'casteleijn',
        'corderius',
        'match2gether',
        'masplein',
        'axia',
        'oldebroek',
        'public',
      ],
    ],
    [
      'Company fills in contract fields',
      'companyFillsContractFields',
      ['axia', 'raayland', 'casteleijn', 'nuborgh', 'demo'],
    ],
    ['Passwordless login', 'passwordlessLogin', ['nuborgh']],
    ['App-mode flag on', 'appMode', ['nuborgh', 'demo']],
    ['Whitelabel', 'whitelabel', ['masplein', 'stageplein', 'match2gether']],
  ];

  it.each(rows)('%s', (_row, feature, expected) => {
    expect(tenantsWith(feature)).toEqual(sorted(expected));
  });

  it('covers every feature flag', () => {
    expect(rows.map(([, f]) => f).sort()).toEqual(Object.keys(TENANTS.demo.features).sort());
  });

  it('usesHours is always the negation of traineeship', () => {
    for (const t of TENANT_LIST) expect(t.features.usesHours).toBe(!t.features.traineeship);
  });
});

describe('branding (spec §1)', () => {
  it('slogans', () => {
    expect(sloganFor('stageplein', false)).toBe('De leukste maatschappelijke stages');
    expect(sloganFor('masplein', false)).toBe('De leukste maatschappelijke stages in Nijkerk');
    expect(sloganFor('demo', true)).toBe('Het online stageplein voor al je stages.');
    expect(Object.fromEntries(TENANT_LIST.map((t) => [t.id, t.slogan]))).toEqual({
      stageplein: 'De leukste maatschappelijke stages',
      corderius: 'De leukste maatschappelijke stages',
      masplein: 'De leukste maatschappelijke stages in Nijkerk',
      oldebroek: 'De leukste maatschappelijke stages',
      public: 'De leukste maatschappelijke stages',
      demo: 'Het online stageplein voor al je stages.',
      raayland: 'Het online stageplein voor al je stages.',
      casteleijn: 'Het online stageplein voor al je stages.',
      nuborgh: 'Het online stageplein voor al je stages.',
      match2gether: 'Het online stageplein voor al je stages.',
      axia: 'Het online stageplein voor al je stages.',
    });
  });

  it('app names: tenant name when whitelabel, else product word + tenant name', () => {
    expect(appNameFor('Masplein', true)).toBe('Masplein');
    expect(appNameFor('Raayland', false)).toBe('Stageplein Raayland');
    expect(Object.fromEntries(TENANT_LIST.map((t) => [t.id, t.appName]))).toEqual({
      stageplein: 'Stageplein',
      masplein: 'Masplein',
      match2gether: 'Match2gether',
      demo: 'Stageplein Demo',
      raayland: 'Stageplein Raayland',
      casteleijn: 'Stageplein Casteleijn',
      nuborgh: 'Stageplein Nuborgh',
      corderius: 'Stageplein Corderius',
      axia: 'Stageplein Axia',
      oldebroek: 'Stageplein Oldebroek',
      public: 'Stageplein Public',
    });
  });

  it('page title format', () => {
    expect(pageTitle('Vacatures', 'Stageplein Raayland')).toBe('Vacatures - Stageplein Raayland');
    expect(pageTitle('', 'Masplein')).toBe('Masplein');
    expect(pageTitle('   ', 'Masplein')).toBe('Masplein');
    expect(pageTitle(undefined, 'Masplein')).toBe('Masplein');
  });
});

describe('map centres (spec §9)', () => {
  it('default and overrides', () => {
    expect(DEFAULT_MAP_CENTER).toEqual({ lat: 52.132633, lng: 5.291266 });
    expect(TENANTS.raayland.mapCenter).toEqual({ lat: 51.7407, lng: 5.8732 });
    expect(TENANTS.stageplein.mapCenter).toEqual({ lat: 52.339915, lng: 5.68648 });
    expect(TENANTS.corderius.mapCenter).toEqual({ lat: 52.156113, lng: 5.387827 });
    for (const id of [
      'demo',
      'casteleijn',
      'nuborgh',
      'match2gether',
      'masplein',
      'axia',
      'oldebroek',
      'public',
    ] as const) {
      expect(TENANTS[id].mapCenter).toEqual({ lat: 52.132633, lng: 5.291266 });
    }
  });
});

describe('themes per tenant', () => {
  it('only stageplein and masplein differ from the default theme', () => {
    for (const t of TENANT_LIST) {
      if (t.id === 'stageplein' || t.id === 'masplein') expect(t.theme).not.toEqual(DEFAULT_THEME);
      else expect(t.theme).toEqual(DEFAULT_THEME);
    }
  });
});

describe('lookup', () => {
  it('isTenantId / getTenant', () => {
    expect(isTenantId('raayland')).toBe(true);
    expect(isTenantId('Raayland')).toBe(false);
    expect(isTenantId('constructor')).toBe(false);
    expect(isTenantId(42)).toBe(false);
    expect(isTenantId(undefined)).toBe(false);
    expect(getTenant('axia')?.name).toBe('Axia');
    expect(getTenant('nope')).toBeUndefined();
    expect(getTenant('__proto__')).toBeUndefined();
  });
});

describe('tenantFromHost', () => {
  it('uses the first DNS label when it is a tenant id', () => {
    expect(tenantFromHost('raayland.localhost')).toBe('raayland');
    expect(tenantFromHost('raayland.localhost:5173')).toBe('raayland');
    expect(tenantFromHost('RAAYLAND.Stageplein.NL')).toBe('raayland');
    expect(tenantFromHost('match2gether.stageplein.nl.')).toBe('match2gether');
    expect(tenantFromHost('stageplein.nl')).toBe('stageplein');
    expect(tenantFromHost('public.example.org:443')).toBe('public');
  });

  it('returns undefined when nothing matches', () => {
    expect(tenantFromHost('localhost')).toBeUndefined();
    expect(tenantFromHost('localhost:3000')).toBeUndefined();
    expect(tenantFromHost('127.0.0.1:8080')).toBeUndefined();
    expect(tenantFromHost('[::1]:3000')).toBeUndefined();
    expect(tenantFromHost('www.raayland.nl')).toBeUndefined();
    expect(tenantFromHost('')).toBeUndefined();
  });

  it('prefers an exact domain-map entry', () => {
    const map: Record<string, TTenantId> = {
      'www.masplein.nl': 'masplein',
      'Stage.Example.com': 'axia',
      'raayland.localhost': 'demo',
    };
    expect(tenantFromHost('www.masplein.nl', map)).toBe('masplein');
    expect(tenantFromHost('WWW.MASPLEIN.NL:8443', map)).toBe('masplein');
    expect(tenantFromHost('stage.example.com', map)).toBe('axia');
    expect(tenantFromHost('raayland.localhost', map)).toBe('demo');
    expect(tenantFromHost('masplein.nl', map)).toBe('masplein');
    expect(tenantFromHost('sub.www.masplein.nl', map)).toBeUndefined();
  });

  it('ignores domain-map entries that name an unknown tenant', () => {
    const map = { 'raayland.localhost': 'bogus' } as unknown as Record<string, TTenantId>;
    expect(tenantFromHost('raayland.localhost', map)).toBe('raayland');
  });
});
