import { describe, expect, it } from 'vitest';
import { getTenant } from '../tenants/tenant-registry.ts';
import { fontsToLoad, knownFont } from './theme-fonts.ts';

describe('fontsToLoad', () => {
  it('loads Inter Variable once for the default theme', () => {
    expect(fontsToLoad(getTenant('demo')!.theme)).toEqual(['Inter Variable']);
  });

  it('loads Albert Sans Variable and Caprasimo for Masplein', () => {
    expect(fontsToLoad(getTenant('masplein')!.theme)).toEqual(['Albert Sans Variable', 'Caprasimo']);
  });

  it('skips fonts without a bundled loader', () => {
    expect(knownFont('Comic Sans')).toBe(false);
    expect(knownFont('constructor')).toBe(false);
    expect(fontsToLoad({ fonts: { sans: 'Comic Sans', heading: 'Caprasimo' } })).toEqual(['Caprasimo']);
  });
});
