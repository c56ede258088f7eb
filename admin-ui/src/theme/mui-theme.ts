import { getContrastRatio, type ThemeOptions } from '@mui/material/styles';
import { SHAPE_RADIUS } from '@stageplein/contracts/tenants/theme';
import type {
  TShadeKey,
  TShadeScale,
  TThemeConfig,
  TThemeShape,
} from '@stageplein/contracts/tenants/tenant.types';

/** WCAG 2.1 AA for normal text. */
const AA = 4.5;
const WHITE = '#ffffff';
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

function paletteColor(scale: TShadeScale, main: TShadeKey, background: string) {
  return {
    light: scale['300'],
    main: scale[main],
    // `dark` doubles as the colour of primary/secondary text on the page, so it must be readable.
    dark: readableShade(scale, background, ['700', '800', '900', '950']),
  };
}

/**
 * MUI theme options from a tenant theme: primary/secondary main = shade 500/600, the other colours
 * from their scales, the neutral scale as MUI's grey, the tenant's fonts, page background and
 * shapes. Contrast text is picked for WCAG AA (contrastThreshold 4.5); coloured text on the page
 * uses the readable `dark` shade.
 */
export function muiThemeOptions(theme: TThemeConfig): ThemeOptions {
  const { colors } = theme;
  const sans = theme.cssVariables['--font-sans'] ?? 'ui-sans-serif, system-ui, sans-serif';
  const heading = theme.cssVariables['--font-heading'] ?? sans;
  const headingStyle = { fontFamily: heading };
  const page = '#ffffff';
  const primary = paletteColor(colors.primary, '500', page);
  const secondary = paletteColor(colors.secondary, '600', page);
  // Red text buttons also sit on toolbars' light grey (#f5f5f5).
  const errorText = readableShade(colors.error, '#f5f5f5', ['600', '700', '800', '900']);

  return {
    palette: {
      mode: 'light',
      contrastThreshold: AA,
      primary,
      secondary,
      error: paletteColor(colors.error, '600', page),
      warning: paletteColor(colors.warning, '500', page),
      info: paletteColor(colors.info, '600', page),
      success: paletteColor(colors.success, '600', page),
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
      text: { primary: colors.neutral['900'], secondary: colors.neutral['600'] },
      divider: colors.neutral['200'],
      background: { default: theme.background, paper: WHITE },
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
              color: readableShade(colors.primary, FILLED_INPUT, ['700', '800', '900', '950']),
            },
            '&.Mui-error': { color: readableShade(colors.error, FILLED_INPUT, ['700', '800', '900', '950']) },
          },
        },
      },
      MuiFormHelperText: {
        styleOverrides: {
          root: { '&.Mui-error': { color: readableShade(colors.error, page, ['600', '700', '800']) } },
        },
      },
    },
  };
}
