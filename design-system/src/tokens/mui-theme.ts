import type { ThemeOptions } from '@mui/material/styles';
import { SHAPE_RADIUS } from '@stageplein/contracts/tenants/theme';
import type {
  TShadeKey,
  TShadeScale,
  TThemeConfig,
  TThemeShape,
} from '@stageplein/contracts/tenants/tenant.types';
import {
  AA_NORMAL_TEXT as AA,
  contrastRatio as getContrastRatio,
  WHITE,
} from '@stageplein/contracts/tenants/contrast';
import { portalCssVariables, type TThemeMode } from '@stageplein/contracts/tenants/theme-css-variables';

/** MUI's focused filled input: rgba(0, 0, 0, 0.09) on white. */
const FILLED_INPUT = '#e8e8e8';

/** The first shade in `keys` readable (AA) against `against`; the last one when none is. */
function readableShade(scale: TShadeScale, against: string, keys: readonly TShadeKey[]): string {
  for (const key of keys) if (getContrastRatio(scale[key], against) >= AA) return scale[key];
  return scale[keys[keys.length - 1]!];
}

/** SHAPE_RADIUS values are rem (or 9999px); MUI wants px numbers. 1rem = 16px. */
export function radiusPx(shape: TThemeShape): number {
  const value = SHAPE_RADIUS[shape];
  if (value.endsWith('rem')) return parseFloat(value) * 16;
  return parseFloat(value) || 0;
}

/** Shades tried for coloured text on the page: darker ones on light pages, lighter ones on dark. */
const ON_LIGHT: readonly TShadeKey[] = ['700', '800', '900', '950'];
const ON_DARK: readonly TShadeKey[] = ['400', '300', '200', '100', '50'];

function paletteColor(scale: TShadeScale, main: TShadeKey, background: string, dark = false) {
  const onPage = readableShade(scale, background, dark ? ON_DARK : ON_LIGHT);
  return {
    light: scale['300'],
    // On a dark page the filled colour is the light readable shade (dark text on it).
    main: dark ? onPage : scale[main],
    // `dark` doubles as the colour of primary/secondary text on the page, so it must be readable.
    dark: onPage,
  };
}

/**
 * MUI theme options from a tenant theme: primary/secondary main = shade 500/600, the other colours
 * from their scales, the neutral scale as MUI's grey, the tenant's fonts, page background and
 * shapes. Contrast text is picked for WCAG AA (contrastThreshold 4.5); coloured text on the page
 * uses the readable `dark` shade. Dark mode takes its surfaces and text from the portal's dark CSS
 * variables (the same function), and light readable shades for coloured text.
 */
export function muiThemeOptions(theme: TThemeConfig, mode: TThemeMode = 'light'): ThemeOptions {
  const { colors } = theme;
  const dark = mode === 'dark';
  const vars = dark ? portalCssVariables(theme, 'dark') : undefined;
  const sans = theme.cssVariables['--font-sans'] ?? 'ui-sans-serif, system-ui, sans-serif';
  const heading = theme.cssVariables['--font-heading'] ?? sans;
  const headingStyle = { fontFamily: heading };
  // Where coloured text sits: white paper, or the dark surface (lighter than the dark page).
  const page = vars ? vars['--color-surface']! : '#ffffff';
  const onPage = dark ? ON_DARK : ON_LIGHT;
  const primary = paletteColor(colors.primary, '500', page, dark);
  const secondary = paletteColor(colors.secondary, '600', page, dark);
  // Red text buttons also sit on toolbars' light grey (#f5f5f5) in light mode.
  const errorText = dark
    ? readableShade(colors.error, page, onPage)
    : readableShade(colors.error, '#f5f5f5', ['600', '700', '800', '900']);
  const filledInput = dark ? colors.neutral['800'] : FILLED_INPUT;

  return {
    palette: {
      mode,
      contrastThreshold: AA,
      primary,
      secondary,
      error: paletteColor(colors.error, '600', page, dark),
      warning: paletteColor(colors.warning, '500', page, dark),
      info: paletteColor(colors.info, '600', page, dark),
      success: paletteColor(colors.success, '600', page, dark),
      grey: {
        50: colors.neutral['50'],
        100: colors.neutral['100'],
        200: colors.neutral['200'],
        300: colors.neutral['300'],
        400: colors.neutral['400'],
        500: colors.neutral['500'],
        600: colors.neutral['600'],
        700: colors.neutral['700'],
        800: colors.neutral['800'],
        900: colors.neutral['900'],
      },
      text: vars
        ? { primary: vars['--color-text']!, secondary: vars['--color-text-muted']! }
        : { primary: colors.neutral['900'], secondary: colors.neutral['600'] },
      divider: vars ? vars['--color-border']! : colors.neutral['200'],
      background: vars
        ? { default: vars['--color-background']!, paper: vars['--color-surface']! }
        : { default: theme.background, paper: WHITE },
    },
    typography: {
      fontFamily: sans,
      h1: headingStyle,
      h2: headingStyle,
      h3: headingStyle,
      h4: headingStyle,
      h5: headingStyle,
      h6: headingStyle,
      button: { textTransform: 'none', fontWeight: 600 },
    },
    shape: { borderRadius: radiusPx(theme.defaultShape) },
    components: {
      MuiButton: {
        styleOverrides: {
          root: ({ ownerState }) => {
            const onPage = ownerState.variant === 'text' || ownerState.variant === 'outlined';
            // Coloured text on the page uses the readable shade, not `main`.
            const textColor =
              onPage && ownerState.color === 'primary'
                ? primary.dark
                : onPage && ownerState.color === 'secondary'
                  ? secondary.dark
                  : onPage && ownerState.color === 'error'
                    ? errorText
                    : undefined;
            return {
              borderRadius: SHAPE_RADIUS[theme.button.shape],
              ...(textColor ? { color: textColor } : {}),
            };
          },
        },
      },
      MuiLink: { styleOverrides: { root: { color: primary.dark } } },
      MuiTab: { styleOverrides: { root: { '&.Mui-selected': { color: primary.dark } } } },
      // A focused or invalid field's label sits on the filled input's grey (#e8e8e8 when focused):
      // the first shade readable there.
      MuiFormLabel: {
        styleOverrides: {
          root: {
            '&.Mui-focused': {
              color: readableShade(colors.primary, filledInput, onPage),
            },
            '&.Mui-error': { color: readableShade(colors.error, filledInput, onPage) },
          },
        },
      },
      MuiFormHelperText: {
        styleOverrides: {
          root: {
            '&.Mui-error': {
              color: readableShade(colors.error, page, dark ? onPage : ['600', '700', '800']),
            },
          },
        },
      },
    },
  };
}
