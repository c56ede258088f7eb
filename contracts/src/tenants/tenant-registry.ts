import {
  TENANT_IDS,
  type TMapCenter,
  type TTenant,
  type TTenantFeatures,
  type TTenantId,
  type TThemeConfig,
} from './tenant.types.ts';
import { DEFAULT_THEME, makeTheme, PALETTES } from './theme.ts';
import { deepFreeze } from './deep-freeze.ts';

/** The fixed product word ("internship marketplace") that prefixes non-whitelabel app names. */
export const PRODUCT_WORD = 'Stageplein';
/** The product's own tenant, `{product}` in the spec. */
export const DEFAULT_TENANT_ID: TTenantId = 'stageplein';
/** Spec §9: default name of the cookie that keeps the tenant. */
export const TENANT_COOKIE = 'tenant';

/** Spec §9 default map centre. */
export const DEFAULT_MAP_CENTER: TMapCenter = deepFreeze({ lat: 52.132633, lng: 5.291266 });

export function appNameFor(tenantName: string, whitelabel: boolean): string {
  return whitelabel ? tenantName : `${PRODUCT_WORD} ${tenantName}`;
}

export function sloganFor(id: TTenantId, traineeship: boolean): string {
  if (traineeship) return 'Het online stageplein voor al je stages.';
  const slogan = 'De leukste maatschappelijke stages';
  return id === 'masplein' ? `${slogan} in Nijkerk` : slogan;
}

/** "{page title} - {app name}"; the bare app name when there is no (non-blank) page title. */
export function pageTitle(title: string | undefined, appName: string): string {
  const trimmed = title?.trim();
  return trimmed ? `${trimmed} - ${appName}` : appName;
}

const NAMES: Record<TTenantId, string> = {
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
};

// Spec §1 switch table, one rule per row, worded as the row is.
const TRAINEESHIP: ReadonlySet<TTenantId> = new Set([
  'match2gether',
  'axia',
  'raayland',
  'casteleijn',
  'nuborgh',
  'demo',
]);
const oneOf = (id: TTenantId, ...ids: TTenantId[]): boolean => ids.includes(id);

function featuresFor(id: TTenantId): TTenantFeatures {
  const traineeship = TRAINEESHIP.has(id);
  return {
    traineeship,
    usesHours: !traineeship,
    evaluationForms:
      (!traineeship && id !== DEFAULT_TENANT_ID) || oneOf(id, 'demo', 'raayland', 'casteleijn', 'nuborgh'),
    legacyEvaluationForm: oneOf(id, 'corderius', 'casteleijn'),
    paperTimesheets: id === DEFAULT_TENANT_ID,
    motivationField: oneOf(id, DEFAULT_TENANT_ID, 'corderius'),
    // The row reads "all non-traineeship tenants, and any tenant other than match2gether"; the union
    // of the two is every tenant but match2gether (which is a traineeship tenant anyway).
    selfFoundInternships: !traineeship || id !== 'match2gether',
    qrCodePrimarySigning: oneOf(id, 'demo', 'raayland', 'nuborgh'),
    companySignsFirst: oneOf(id, 'demo', 'raayland'),
    schoolRepresentativesInvitable: id !== 'nuborgh',
    companyFillsContractFields: traineeship && id !== 'match2gether',
    passwordlessLogin: id === 'nuborgh',
    appMode: oneOf(id, 'nuborgh', 'demo'),
    whitelabel: oneOf(id, 'masplein', DEFAULT_TENANT_ID, 'match2gether'),
  };
}

// Spec §3 "Tenant theme values"; every other tenant uses the §9 default.
const THEMES: Partial<Record<TTenantId, TThemeConfig>> = {
  stageplein: makeTheme({
    colors: { primary: PALETTES.orange, secondary: PALETTES.magenta },
    background: '#fdf2fd',
    footer: '#02B2FE',
  }),
  masplein: makeTheme({
    colors: { primary: PALETTES.blue, secondary: PALETTES.purple },
    background: '#ffffff',
    footer: '#A43EAF',
    fonts: { sans: 'Albert Sans Variable', heading: 'Caprasimo' },
    defaultShape: 'rounded',
  }),
};

// Spec §9 map centre overrides.
const MAP_CENTERS: Partial<Record<TTenantId, TMapCenter>> = {
  raayland: { lat: 51.7407, lng: 5.8732 },
  stageplein: { lat: 52.339915, lng: 5.68648 },
  corderius: { lat: 52.156113, lng: 5.387827 },
};

function buildTenant(id: TTenantId): TTenant {
  const features = featuresFor(id);
  const name = NAMES[id];
  return {
    id,
    name,
    features,
    appName: appNameFor(name, features.whitelabel),
    slogan: sloganFor(id, features.traineeship),
    theme: THEMES[id] ?? DEFAULT_THEME,
    mapCenter: MAP_CENTERS[id] ?? DEFAULT_MAP_CENTER,
  };
}

/** Every tenant of spec §1, frozen (themes and palettes are shared by reference). */
export const TENANTS: Readonly<Record<TTenantId, TTenant>> = deepFreeze(
  Object.fromEntries(TENANT_IDS.map((id) => [id, buildTenant(id)])) as Record<TTenantId, TTenant>,
);

/** Tenants in TENANT_IDS order. */
export const TENANT_LIST: readonly TTenant[] = Object.freeze(TENANT_IDS.map((id) => TENANTS[id]));

export function isTenantId(x: unknown): x is TTenantId {
  return typeof x === 'string' && (TENANT_IDS as readonly string[]).includes(x);
}

/** Exact, case-sensitive lookup (ids are lower case); undefined for unknown ids. */
export function getTenant(id: string): TTenant | undefined {
  return isTenantId(id) ? TENANTS[id] : undefined;
}

function normalizeHost(host: string): string {
  let h = host.trim().toLowerCase();
  if (h.startsWith('[')) {
    // IPv6 literal, e.g. "[::1]:3000": never a tenant, but must not be split on its colons.
    const end = h.indexOf(']');
    h = end === -1 ? h : h.slice(0, end + 1);
  } else {
    const colon = h.indexOf(':');
    if (colon !== -1) h = h.slice(0, colon);
  }
  return h.endsWith('.') ? h.slice(0, -1) : h;
}

/**
 * Tenant for a Host header value. An exact (case-insensitive, port-less) domain-map entry wins;
 * else the first DNS label if it is a tenant id (`raayland.localhost`, `raayland.stageplein.nl`);
 * else undefined, and the caller falls back to its configured default tenant.
 */
export function tenantFromHost(host: string, domainMap?: Record<string, TTenantId>): TTenantId | undefined {
  const h = normalizeHost(host);
  if (!h) return undefined;
  if (domainMap) {
    for (const [domain, tenant] of Object.entries(domainMap)) {
      // Config is untyped at runtime, so an unknown tenant in the map is skipped rather than trusted.
      if (normalizeHost(domain) === h && isTenantId(tenant)) return tenant;
    }
  }
  const firstLabel = h.split('.')[0];
  return isTenantId(firstLabel) ? firstLabel : undefined;
}
