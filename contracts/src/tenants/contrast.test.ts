import { describe, expect, it } from 'vitest';
import { PALETTES } from './theme.ts';
import { accessibleShade, contrastRatio, luminance, readableTextOn } from './contrast.ts';

describe('contrast', () => {
  it('computes WCAG luminance and ratios', () => {
    expect(luminance('#000000')).toBe(0);
    expect(luminance('#fff')).toBeCloseTo(1, 6);
    expect(contrastRatio('#000', '#ffffff')).toBeCloseTo(21, 6);
    expect(contrastRatio('#777777', '#777777')).toBeCloseTo(1, 6);
    // Known value: #767676 on white is the classic 4.54:1.
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
  });

  it('treats non-hex colours as unknown (ratio 1)', () => {
    expect(luminance('rgb(0,0,0)')).toBeUndefined();
    expect(contrastRatio('red', '#fff')).toBe(1);
  });

  it('picks white or dark text, whichever reads better', () => {
    expect(readableTextOn('#0ea5e9', '#020617')).toBe('#020617'); // sky-500: dark text
    expect(readableTextOn('#A43EAF', '#020617')).toBe('#ffffff'); // Masplein's purple footer
    expect(readableTextOn('#1d4ed8', '#020617')).toBe('#ffffff');
  });

  it('finds the lightest shade that reaches AA against a colour', () => {
    expect(accessibleShade(PALETTES.green, '#ffffff')).toBe(PALETTES.green['700']);
    expect(accessibleShade(PALETTES.blue, '#ffffff')).toBe(PALETTES.blue['600']);
    expect(accessibleShade(PALETTES.orange, '#ffffff')).toBe(PALETTES.orange['700']);
    // None reaches 22:1, so the last candidate is used.
    expect(accessibleShade(PALETTES.green, '#ffffff', ['500', '600'], 22)).toBe(PALETTES.green['600']);
  });
});
