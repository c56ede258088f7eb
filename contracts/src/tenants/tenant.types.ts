/** Tenant ids of spec §1; `stageplein` is the product's own tenant ({product}). */
export const TENANT_IDS = [
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
] as const;
export type TTenantId = (typeof TENANT_IDS)[number];

/** One flag per row of the switch table in spec §1. */
export interface TTenantFeatures {
  /** Traineeship tenant: uses digital contracts. */
  traineeship: boolean;
  /** Non-traineeship tenant: uses hours. Always the negation of `traineeship`. */
  usesHours: boolean;
  evaluationForms: boolean;
  legacyEvaluationForm: boolean;
  paperTimesheets: boolean;
  motivationField: boolean;
  selfFoundInternships: boolean;
  qrCodePrimarySigning: boolean;
  companySignsFirst: boolean;
  schoolRepresentativesInvitable: boolean;
  companyFillsContractFields: boolean;
  passwordlessLogin: boolean;
  appMode: boolean;
  whitelabel: boolean;
}

export const SHADE_KEYS = [
  '50',
  '100',
  '200',
  '300',
  '400',
  '500',
  '600',
  '700',
  '800',
  '900',
  '950',
] as const;
export type TShadeKey = (typeof SHADE_KEYS)[number];
/** A colour as 11 shades, 50 to 950 (hex strings). */
export type TShadeScale = Record<TShadeKey, string>;

export const THEME_SHAPES = ['straight', 'rounded', 'curved', 'smooth', 'full'] as const;
export type TThemeShape = (typeof THEME_SHAPES)[number];

export const THEME_COLOR_NAMES = [
  'primary',
  'secondary',
  'info',
  'success',
  'warning',
  'error',
  'neutral',
] as const;
export type TThemeColorName = (typeof THEME_COLOR_NAMES)[number];

export interface TThemeConfig {
  colors: Record<TThemeColorName, TShadeScale>;
  /** Page background colour (hex). */
  background: string;
  /** Footer background colour (hex). */
  footer: string;
  fonts: { sans: string; heading: string };
  defaultShape: TThemeShape;
  button: { color: TThemeColorName; size: 'xs' | 'sm' | 'md' | 'lg' | 'xl'; shape: TThemeShape };
  /** CSS custom properties derived from the values above (e.g. `--color-primary-500`). */
  cssVariables: Record<string, string>;
}

export interface TMapCenter {
  lat: number;
  lng: number;
}

export interface TTenant {
  id: TTenantId;
  /** Display name, e.g. "Raayland", "Match2gether". */
  name: string;
  features: TTenantFeatures;
  /** "{tenant name}" for whitelabel tenants, else "Stageplein {tenant name}". */
  appName: string;
  slogan: string;
  theme: TThemeConfig;
  mapCenter: TMapCenter;
}

/** Deployment-wide flags of spec §1 (not per tenant); parsed from config at boot. */
export interface TDeploymentFlags {
  staging: boolean;
  allowInactiveUsers: boolean;
  moveOrganizations: boolean;
  /** The internship ("stage-door") variant of the product. */
  stageDoor: boolean;
}
