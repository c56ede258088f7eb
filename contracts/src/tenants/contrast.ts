import type { TShadeKey, TShadeScale } from './tenant.types.ts';

/** WCAG 2.1 AA for normal text. */
export const AA_NORMAL_TEXT = 4.5;
export const WHITE = '#ffffff';

function channels(hex: string): [number, number, number] | undefined {
  const m = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!m) return undefined;
  const h = m[1]!.length === 3 ? [...m[1]!].map((c) => c + c).join('') : m[1]!;
  return [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16)) as [number, number, number];
}

/** WCAG relative luminance of a #rgb / #rrggbb colour; undefined for anything else. */
export function luminance(hex: string): number | undefined {
  const rgb = channels(hex);
  if (!rgb) return undefined;
  const [r, g, b] = rgb.map((v) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio (1..21); 1 when either colour is not a hex colour. */
export function contrastRatio(a: string, b: string): number {
  const la = luminance(a);
  const lb = luminance(b);
  if (la === undefined || lb === undefined) return 1;
  const [hi, lo] = la > lb ? [la, lb] : [lb, la];
  return (hi + 0.05) / (lo + 0.05);
}

/** White or `dark`, whichever reads better on `background`. */
export function readableTextOn(background: string, dark: string): string {
  return contrastRatio(background, WHITE) >= contrastRatio(background, dark) ? WHITE : dark;
}

/**
 * The first shade in `candidates` that gives `text` at least `min` contrast against it (or, with
 * `against`, that reaches `min` against that colour); the last candidate when none does.
 */
export function accessibleShade(
  scale: TShadeScale,
  against: string,
  candidates: readonly TShadeKey[] = ['600', '700', '800', '900', '950'],
  min = AA_NORMAL_TEXT,
): string {
  for (const key of candidates) {
    if (contrastRatio(scale[key], against) >= min) return scale[key];
  }
  return scale[candidates[candidates.length - 1] ?? '950'];
}
