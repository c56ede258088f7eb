import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { getTenant } from '@stageplein/contracts/tenants/tenant-registry';
import { portalCssVariables } from '@stageplein/contracts/tenants/theme-css-variables';
import { createThemeHead, THEME_STYLE_ID } from './theme-head.ts';

// A portal build's assets as Vite names them (other subsets and fonts beside the Latin ones).
const dir = mkdtempSync(path.join(os.tmpdir(), 'theme-head-'));
mkdirSync(path.join(dir, 'assets'));
for (const file of [
  'inter-latin-wght-normal-Dx4kXJAl.woff2',
  'inter-latin-ext-wght-normal-DO1Apj_S.woff2',
  'albert-sans-latin-wght-normal-BJ0ssN8N.woff2',
  'caprasimo-latin-400-normal-u3avbpQ7.woff2',
  'index-abc.css',
])
  writeFileSync(path.join(dir, 'assets', file), '');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const head = createThemeHead(dir);
const preloads = ({ preloads: html }: { preloads: string }) =>
  [...html.matchAll(/<link rel="preload" href="([^"]+)"/g)].map((m) => m[1]);

describe('the theme in the served HTML', () => {
  it('carries each tenant’s own light theme variables', () => {
    const served = (id: string) => {
      const style = new RegExp(`<style id="${THEME_STYLE_ID}">:root\\{(.*)\\}</style>`).exec(
        head(getTenant(id)!).style,
      );
      return Object.fromEntries(style![1]!.split(';').map((d) => d.split(/:(.*)/s).slice(0, 2)));
    };
    for (const id of ['masplein', 'stageplein'])
      expect(served(id)).toEqual(portalCssVariables(getTenant(id)!.theme, 'light'));
    expect(served('masplein')['--color-footer']).not.toBe(served('stageplein')['--color-footer']);
  });

  it('preloads exactly the Latin files of the theme’s fonts', () => {
    expect(preloads(head(getTenant('masplein')!))).toEqual([
      '/assets/albert-sans-latin-wght-normal-BJ0ssN8N.woff2',
      '/assets/caprasimo-latin-400-normal-u3avbpQ7.woff2',
    ]);
    expect(preloads(head(getTenant('stageplein')!))).toEqual([
      '/assets/inter-latin-wght-normal-Dx4kXJAl.woff2',
    ]);
    expect(head(getTenant('demo')!).preloads).toMatch(/as="font" type="font\/woff2" crossorigin/);
  });

  it('preloads nothing when the portal is not built', () => {
    expect(preloads(createThemeHead(path.join(dir, 'missing'))(getTenant('demo')!))).toEqual([]);
  });
});
