import { describe, it, expect } from 'vitest';
import { SHADE_KEYS, THEME_COLOR_NAMES, type TShadeScale, type TThemeConfig } from './tenant.types.ts';
import {
  DEFAULT_THEME,
  makeTheme,
  PALETTES,
  parseShadeJson,
  SHAPE_RADIUS,
  themeCssVariables,
} from './theme.ts';
import { TENANT_LIST, TENANTS } from './tenant-registry.ts';
import { DEFAULT_DEPLOYMENT_FLAGS } from './deployment-flags.ts';

const ELEVEN = ['50', '100', '200', '300', '400', '500', '600', '700', '800', '900', '950'];
const HEX = /^#[0-9a-fA-F]{6}$/;

function expectScale(s: TShadeScale): void {
  expect(Object.keys(s)).toEqual(ELEVEN);
  for (const v of Object.values(s)) expect(v).toMatch(HEX);
}

const complete = {
  50: '#f0f9ff',
  100: '#e0f2fe',
  200: '#bae6fd',
  300: '#7dd3fc',
  400: '#38bdf8',
  500: '#0ea5e9',
  600: '#0284c7',
  700: '#0369a1',
  800: '#075985',
  900: '#0c4a6e',
  950: '#082f49',
};

describe('palettes', () => {
  it('every palette has 11 hex shades', () => {
    expect(SHADE_KEYS).toEqual(ELEVEN);
    for (const p of Object.values(PALETTES)) expectScale(p);
  });

  it('uses Tailwind v3 values', () => {
    expect(PALETTES.orange['500']).toBe('#f97316');
    expect(PALETTES.fuchsia['500']).toBe('#d946ef');
    expect(PALETTES.magenta).toBe(PALETTES.fuchsia);
    expect(PALETTES.blue['600']).toBe('#2563eb');
    expect(PALETTES.green['500']).toBe('#22c55e');
    expect(PALETTES.slate['950']).toBe('#020617');
    expect(PALETTES.sky['500']).toBe('#0ea5e9');
  });

  it('every theme in the registry has 11 shades for every colour', () => {
    for (const t of TENANT_LIST) {
      expect(Object.keys(t.theme.colors).sort()).toEqual([...THEME_COLOR_NAMES].sort());
      for (const name of THEME_COLOR_NAMES) expectScale(t.theme.colors[name]);
    }
  });
});

describe('DEFAULT_THEME (spec §9)', () => {
  it('has the spec values', () => {
    const c = DEFAULT_THEME.colors;
    expect(c.primary).toEqual(PALETTES.green);
    expect(c.secondary).toEqual(PALETTES.blue);
    expect(c.info).toEqual(PALETTES.blue);
    expect(c.success).toEqual(PALETTES.green);
    expect(c.warning).toEqual(PALETTES.yellow);
    expect(c.error).toEqual(PALETTES.red);
    expect(c.neutral).toEqual(PALETTES.slate);
    expect(DEFAULT_THEME.fonts).toEqual({ sans: 'Inter Variable', heading: 'Inter Variable' });
    expect(DEFAULT_THEME.button).toEqual({ color: 'neutral', size: 'xl', shape: 'full' });
    expect(DEFAULT_THEME.defaultShape).toBe('rounded');
    expect(DEFAULT_THEME.footer).toBe('#0ea5e9');
    expect(DEFAULT_THEME.background).toBe('#ffffff');
  });

  it('is frozen', () => {
    expect(Object.isFrozen(DEFAULT_THEME)).toBe(true);
    expect(Object.isFrozen(DEFAULT_THEME.colors.primary)).toBe(true);
  });
});

describe('tenant theme values (spec §3)', () => {
  it('stageplein', () => {
    const t = TENANTS.stageplein.theme;
    expect(t.colors.primary).toEqual(PALETTES.orange);
    expect(t.colors.secondary).toEqual(PALETTES.fuchsia);
    expect(t.background).toBe('#fdf2fd');
    expect(t.footer).toBe('#02B2FE');
    // Everything else stays default.
    expect(t.colors.info).toEqual(DEFAULT_THEME.colors.info);
    expect(t.fonts).toEqual(DEFAULT_THEME.fonts);
    expect(t.button).toEqual(DEFAULT_THEME.button);
    expect(t.defaultShape).toBe('rounded');
    expect(t.cssVariables['--color-primary-500']).toBe('#f97316');
    expect(t.cssVariables['--color-secondary-500']).toBe('#d946ef');
    expect(t.cssVariables['--color-background']).toBe('#fdf2fd');
    expect(t.cssVariables['--color-footer']).toBe('#02B2FE');
  });

  it('masplein', () => {
    const t = TENANTS.masplein.theme;
    expect(t.colors.primary).toEqual(PALETTES.blue);
    expect(t.colors.secondary).toEqual(PALETTES.purple);
    expect(t.footer).toBe('#A43EAF');
    expect(t.background).toBe('#ffffff');
    expect(t.fonts).toEqual({ sans: 'Albert Sans Variable', heading: 'Caprasimo' });
    expect(t.defaultShape).toBe('rounded');
    expect(t.cssVariables['--font-sans']).toContain('"Albert Sans Variable"');
    expect(t.cssVariables['--font-heading']).toContain('"Caprasimo"');
    expect(t.cssVariables['--radius-default']).toBe('0.375rem');
  });
});

describe('themeCssVariables', () => {
  it('emits every shade of every colour plus background, footer, fonts and radius', () => {
    const vars = themeCssVariables(DEFAULT_THEME);
    const expectedKeys = [
      ...THEME_COLOR_NAMES.flatMap((n) => ELEVEN.map((k) => `--color-${n}-${k}`)),
      '--color-background',
      '--color-footer',
      '--font-sans',
      '--font-heading',
      '--radius-default',
    ];
    expect(Object.keys(vars).sort()).toEqual(expectedKeys.sort());
    expect(vars['--color-primary-50']).toBe('#f0fdf4');
    expect(vars['--color-neutral-950']).toBe('#020617');
    expect(vars['--color-warning-500']).toBe('#eab308');
    expect(vars['--color-background']).toBe('#ffffff');
    expect(vars['--font-sans']).toMatch(/^"Inter Variable", /);
    expect(vars['--radius-default']).toBe('0.375rem');
    expect(DEFAULT_THEME.cssVariables).toEqual(vars);
  });

  it('maps every shape to a radius', () => {
    const { cssVariables: _ignored, ...base } = DEFAULT_THEME;
    const radius = (defaultShape: TThemeConfig['defaultShape']): string | undefined =>
      themeCssVariables({ ...base, defaultShape })['--radius-default'];
    expect(radius('straight')).toBe('0');
    expect(radius('rounded')).toBe('0.375rem');
    expect(radius('curved')).toBe('0.75rem');
    expect(radius('smooth')).toBe('1.25rem');
    expect(radius('full')).toBe('9999px');
    expect(SHAPE_RADIUS.full).toBe('9999px');
  });

  it('keeps font names from breaking out of the declaration', () => {
    const vars = themeCssVariables({ ...DEFAULT_THEME, fonts: { sans: 'Evil"; } body { x', heading: 'Ok' } });
    expect(vars['--font-sans']).not.toMatch(/[;{}]/);
    expect(vars['--font-sans']?.startsWith('"Evil')).toBe(true);
  });
});

describe('makeTheme', () => {
  it('merges overrides onto the default and recomputes css variables', () => {
    const t = makeTheme({
      colors: { primary: PALETTES.rose },
      button: { size: 'sm' },
      fonts: { heading: 'Caprasimo' },
    });
    expect(t.colors.primary).toEqual(PALETTES.rose);
    expect(t.colors.secondary).toEqual(PALETTES.blue);
    expect(t.button).toEqual({ color: 'neutral', size: 'sm', shape: 'full' });
    expect(t.fonts).toEqual({ sans: 'Inter Variable', heading: 'Caprasimo' });
    expect(t.cssVariables['--color-primary-500']).toBe('#f43f5e');
    expect(makeTheme()).toEqual(DEFAULT_THEME);
  });

  it('ignores explicit undefined overrides', () => {
    const t = makeTheme({ colors: { primary: undefined }, background: undefined });
    expect(t).toEqual(DEFAULT_THEME);
  });

  it('does not touch DEFAULT_THEME', () => {
    makeTheme({ colors: { primary: PALETTES.red }, background: '#000000' });
    expect(DEFAULT_THEME.colors.primary).toEqual(PALETTES.green);
    expect(DEFAULT_THEME.background).toBe('#ffffff');
  });
});

describe('parseShadeJson (spec §5)', () => {
  it('accepts a complete scale as an object or JSON text', () => {
    expect(parseShadeJson(complete)).toEqual(
      Object.fromEntries(ELEVEN.map((k) => [k, complete[Number(k) as keyof typeof complete]])),
    );
    const parsed = parseShadeJson(JSON.stringify(complete));
    expect(parsed).toBeDefined();
    expectScale(parsed!);
    expect(parsed?.['950']).toBe('#082f49');
  });

  it('accepts other CSS colour notations and drops extra keys', () => {
    const scale = Object.fromEntries(ELEVEN.map((k) => [k, `rgb(0 0 ${k.length})`]));
    const parsed = parseShadeJson({
      ...scale,
      500: 'oklch(62% 0.2 250)',
      600: 'rebeccapurple',
      700: ' #ABC ',
      extra: 'x',
    });
    expect(parsed?.['500']).toBe('oklch(62% 0.2 250)');
    expect(parsed?.['600']).toBe('rebeccapurple');
    expect(parsed?.['700']).toBe('#ABC');
    expect(parsed && Object.keys(parsed)).toEqual(ELEVEN);
  });

  it('rejects an incomplete scale', () => {
    const { 950: _dropped, ...ten } = complete;
    expect(parseShadeJson(ten)).toBeUndefined();
    expect(parseShadeJson(JSON.stringify(ten))).toBeUndefined();
    // The pre-950 Tailwind scale (10 shades) is incomplete too.
    const { 50: _first, ...noFifty } = complete;
    expect(parseShadeJson(noFifty)).toBeUndefined();
    expect(parseShadeJson({})).toBeUndefined();
  });

  it('rejects invalid input', () => {
    expect(parseShadeJson('{not json')).toBeUndefined();
    expect(parseShadeJson('')).toBeUndefined();
    expect(parseShadeJson('null')).toBeUndefined();
    expect(parseShadeJson(null)).toBeUndefined();
    expect(parseShadeJson(undefined)).toBeUndefined();
    expect(parseShadeJson(42)).toBeUndefined();
    expect(parseShadeJson('"#ffffff"')).toBeUndefined();
    expect(parseShadeJson(ELEVEN.map(() => '#ffffff'))).toBeUndefined();
    expect(parseShadeJson({ ...complete, 500: 5 })).toBeUndefined();
    expect(parseShadeJson({ ...complete, 500: '' })).toBeUndefined();
    expect(parseShadeJson({ ...complete, 500: null })).toBeUndefined();
    expect(parseShadeJson({ ...complete, 500: '#12345' })).toBeUndefined();
    expect(parseShadeJson({ ...complete, 500: 'red; } body { display: none' })).toBeUndefined();
    // Keys must be own keys, not inherited.
    expect(parseShadeJson(Object.create(complete))).toBeUndefined();
  });
});

describe('DEFAULT_DEPLOYMENT_FLAGS', () => {
  it('is all false', () => {
    expect(DEFAULT_DEPLOYMENT_FLAGS).toEqual({
      staging: false,
      allowInactiveUsers: false,
      moveOrganizations: false,
      stageDoor: false,
    });
    expect(Object.isFrozen(DEFAULT_DEPLOYMENT_FLAGS)).toBe(true);
  });
});
