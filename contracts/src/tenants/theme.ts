import {
  SHADE_KEYS,
  THEME_COLOR_NAMES,
  type TShadeKey,
  type TShadeScale,
  type TThemeColorName,
  type TThemeConfig,
  type TThemeShape,
} from './tenant.types.ts';
import { deepFreeze } from './deep-freeze.ts';

function scale(
  values: readonly [string, string, string, string, string, string, string, string, string, string, string],
): TShadeScale {
  return Object.fromEntries(SHADE_KEYS.map((key, i) => [key, values[i]])) as TShadeScale;
}

// prettier-ignore
const fuchsia = scale(['#fdf4ff', '#fae8ff', '#f5d0fe', '#f0abfc', '#e879f9', '#d946ef', '#c026d3', '#a21caf', '#86198f', '#701a75', '#4a044e']);

/** Tailwind CSS v3 palette (v3.3+, with the 950 shade), shades 50..950 in order. */
// prettier-ignore
export const PALETTES = deepFreeze({
  slate: scale(['#f8fafc', '#f1f5f9', '#e2e8f0', '#cbd5e1', '#94a3b8', '#64748b', '#475569', '#334155', '#1e293b', '#0f172a', '#020617']),
  gray: scale(['#f9fafb', '#f3f4f6', '#e5e7eb', '#d1d5db', '#9ca3af', '#6b7280', '#4b5563', '#374151', '#1f2937', '#111827', '#030712']),
  zinc: scale(['#fafafa', '#f4f4f5', '#e4e4e7', '#d4d4d8', '#a1a1aa', '#71717a', '#52525b', '#3f3f46', '#27272a', '#18181b', '#09090b']),
  neutral: scale(['#fafafa', '#f5f5f5', '#e5e5e5', '#d4d4d4', '#a3a3a3', '#737373', '#525252', '#404040', '#262626', '#171717', '#0a0a0a']),
  stone: scale(['#fafaf9', '#f5f5f4', '#e7e5e4', '#d6d3d1', '#a8a29e', '#78716c', '#57534e', '#44403c', '#292524', '#1c1917', '#0c0a09']),
  red: scale(['#fef2f2', '#fee2e2', '#fecaca', '#fca5a5', '#f87171', '#ef4444', '#dc2626', '#b91c1c', '#991b1b', '#7f1d1d', '#450a0a']),
  orange: scale(['#fff7ed', '#ffedd5', '#fed7aa', '#fdba74', '#fb923c', '#f97316', '#ea580c', '#c2410c', '#9a3412', '#7c2d12', '#431407']),
  amber: scale(['#fffbeb', '#fef3c7', '#fde68a', '#fcd34d', '#fbbf24', '#f59e0b', '#d97706', '#b45309', '#92400e', '#78350f', '#451a03']),
  yellow: scale(['#fefce8', '#fef9c3', '#fef08a', '#fde047', '#facc15', '#eab308', '#ca8a04', '#a16207', '#854d0e', '#713f12', '#422006']),
  lime: scale(['#f7fee7', '#ecfccb', '#d9f99d', '#bef264', '#a3e635', '#84cc16', '#65a30d', '#4d7c0f', '#3f6212', '#365314', '#1a2e05']),
  green: scale(['#f0fdf4', '#dcfce7', '#bbf7d0', '#86efac', '#4ade80', '#22c55e', '#16a34a', '#15803d', '#166534', '#14532d', '#052e16']),
  emerald: scale(['#ecfdf5', '#d1fae5', '#a7f3d0', '#6ee7b7', '#34d399', '#10b981', '#059669', '#047857', '#065f46', '#064e3b', '#022c22']),
  teal: scale(['#f0fdfa', '#ccfbf1', '#99f6e4', '#5eead4', '#2dd4bf', '#14b8a6', '#0d9488', '#0f766e', '#115e59', '#134e4a', '#042f2e']),
  cyan: scale(['#ecfeff', '#cffafe', '#a5f3fc', '#67e8f9', '#22d3ee', '#06b6d4', '#0891b2', '#0e7490', '#155e75', '#164e63', '#083344']),
  sky: scale(['#f0f9ff', '#e0f2fe', '#bae6fd', '#7dd3fc', '#38bdf8', '#0ea5e9', '#0284c7', '#0369a1', '#075985', '#0c4a6e', '#082f49']),
  blue: scale(['#eff6ff', '#dbeafe', '#bfdbfe', '#93c5fd', '#60a5fa', '#3b82f6', '#2563eb', '#1d4ed8', '#1e40af', '#1e3a8a', '#172554']),
  indigo: scale(['#eef2ff', '#e0e7ff', '#c7d2fe', '#a5b4fc', '#818cf8', '#6366f1', '#4f46e5', '#4338ca', '#3730a3', '#312e81', '#1e1b4b']),
  violet: scale(['#f5f3ff', '#ede9fe', '#ddd6fe', '#c4b5fd', '#a78bfa', '#8b5cf6', '#7c3aed', '#6d28d9', '#5b21b6', '#4c1d95', '#2e1065']),
  purple: scale(['#faf5ff', '#f3e8ff', '#e9d5ff', '#d8b4fe', '#c084fc', '#a855f7', '#9333ea', '#7e22ce', '#6b21a8', '#581c87', '#3b0764']),
  fuchsia,
  /** The spec says "magenta"; Tailwind calls it fuchsia. */
  magenta: fuchsia,
  pink: scale(['#fdf2f8', '#fce7f3', '#fbcfe8', '#f9a8d4', '#f472b6', '#ec4899', '#db2777', '#be185d', '#9d174d', '#831843', '#500724']),
  rose: scale(['#fff1f2', '#ffe4e6', '#fecdd3', '#fda4af', '#fb7185', '#f43f5e', '#e11d48', '#be123c', '#9f1239', '#881337', '#4c0519']),
} satisfies Record<string, TShadeScale>);

export type TPaletteName = keyof typeof PALETTES;

/** Border radius per theme shape (`--radius-default`; also usable for the button shape). */
export const SHAPE_RADIUS: Readonly<Record<TThemeShape, string>> = deepFreeze({
  straight: '0',
  rounded: '0.375rem',
  curved: '0.75rem',
  smooth: '1.25rem',
  full: '9999px',
});

/** Partial theme: nested groups merge key by key onto the base; cssVariables are always derived. */
export interface TThemeOverrides {
  colors?: Partial<Record<TThemeColorName, TShadeScale>>;
  background?: string;
  footer?: string;
  fonts?: Partial<TThemeConfig['fonts']>;
  defaultShape?: TThemeShape;
  button?: Partial<TThemeConfig['button']>;
}

/** Font names end up inside CSS; drop characters that could close the string or the declaration. */
function fontStack(name: string): string {
  const clean = name.replace(/["'\\;{}<>\n\r]/g, '').trim();
  return `"${clean}", ui-sans-serif, system-ui, sans-serif`;
}

/** CSS custom properties for a theme: every colour shade, background, footer, fonts and radius. */
export function themeCssVariables(theme: Omit<TThemeConfig, 'cssVariables'>): Record<string, string> {
  const vars: Record<string, string> = {};
  for (const name of THEME_COLOR_NAMES) {
    const shades = theme.colors[name];
    for (const key of SHADE_KEYS) vars[`--color-${name}-${key}`] = shades[key];
  }
  vars['--color-background'] = theme.background;
  vars['--color-footer'] = theme.footer;
  vars['--font-sans'] = fontStack(theme.fonts.sans);
  vars['--font-heading'] = fontStack(theme.fonts.heading);
  vars['--radius-default'] = SHAPE_RADIUS[theme.defaultShape];
  return vars;
}

// Hex (#rgb, #rgba, #rrggbb, #rrggbbaa), a functional notation such as rgb()/hsl()/oklch(), or a
// named colour. Anything else (notably `;`, `{`, `}`) could break out of a CSS declaration.
const CSS_COLOR = /^(?:#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})|[a-z-]+\([0-9a-z\s.,%/+-]*\)|[a-z]+)$/i;

/**
 * Spec §5: a theme shade JSON must hold all 11 keys 50..950, or it is ignored. Accepts the JSON text
 * or an already-parsed object; extra keys are dropped. Returns undefined for anything incomplete,
 * unparseable or holding a value that is not a colour string.
 */
export function parseShadeJson(json: unknown): TShadeScale | undefined {
  let value: unknown = json;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return undefined;
    }
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const source = value as Record<string, unknown>;
  const result: Partial<Record<TShadeKey, string>> = {};
  for (const key of SHADE_KEYS) {
    if (!Object.hasOwn(source, key)) return undefined;
    const shade = source[key];
    if (typeof shade !== 'string') return undefined;
    const colour = shade.trim();
    if (!CSS_COLOR.test(colour)) return undefined;
    result[key] = colour;
  }
  return result as TShadeScale;
}

/** Spread that skips explicit `undefined`s, so `{ primary: undefined }` keeps the base value. */
function mergeDefined<T extends object>(base: T, patch: Partial<T> | undefined): T {
  const out = { ...base };
  for (const [key, value] of Object.entries(patch ?? {})) {
    if (value !== undefined) (out as Record<string, unknown>)[key] = value;
  }
  return out;
}

function buildTheme(base: Omit<TThemeConfig, 'cssVariables'>, overrides: TThemeOverrides): TThemeConfig {
  const merged: Omit<TThemeConfig, 'cssVariables'> = {
    colors: mergeDefined(base.colors, overrides.colors),
    background: overrides.background ?? base.background,
    footer: overrides.footer ?? base.footer,
    fonts: mergeDefined(base.fonts, overrides.fonts),
    defaultShape: overrides.defaultShape ?? base.defaultShape,
    button: mergeDefined(base.button, overrides.button),
  };
  return { ...merged, cssVariables: themeCssVariables(merged) };
}

/** Spec §9 default theme. */
export const DEFAULT_THEME: TThemeConfig = deepFreeze(
  buildTheme(
    {
      colors: {
        primary: PALETTES.green,
        secondary: PALETTES.blue,
        info: PALETTES.blue,
        success: PALETTES.green,
        warning: PALETTES.yellow,
        error: PALETTES.red,
        neutral: PALETTES.slate,
      },
      background: '#ffffff',
      // Spec only says "a bright blue".
      footer: PALETTES.sky['500'],
      fonts: { sans: 'Inter Variable', heading: 'Inter Variable' },
      defaultShape: 'rounded',
      button: { color: 'neutral', size: 'xl', shape: 'full' },
    },
    {},
  ),
);

/** DEFAULT_THEME with `overrides` merged on top, cssVariables recomputed. */
export function makeTheme(overrides: TThemeOverrides = {}): TThemeConfig {
  return buildTheme(DEFAULT_THEME, overrides);
}
