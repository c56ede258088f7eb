import { describe, expect, it } from 'vitest';
import { TENANT_LIST } from '@stageplein/contracts/tenants/tenant-registry';
import { isAppMode, viewportContent } from './app-mode.ts';

const browser = { pathname: '/', rememberedAppSession: false, standalone: false };

describe('app mode (spec §1, §2)', () => {
  it('is on in the app of tenants with the app-mode flag only (nuborgh, demo)', () => {
    const inApp = TENANT_LIST.filter((t) => isAppMode(t, { ...browser, pathname: '/app' })).map((t) => t.id);
    expect(inApp.sort()).toEqual(['demo', 'nuborgh']);
  });

  it('stays on for the app session and for an installed (standalone) app', () => {
    const demo = TENANT_LIST.find((t) => t.id === 'demo')!;
    expect(isAppMode(demo, { ...browser, rememberedAppSession: true })).toBe(true);
    expect(isAppMode(demo, { ...browser, standalone: true })).toBe(true);
    expect(isAppMode(demo, browser)).toBe(false);
  });

  it('disables zoom in app mode only', () => {
    expect(viewportContent(true)).toContain('user-scalable=no');
    expect(viewportContent(true)).toContain('maximum-scale=1');
    expect(viewportContent(false)).toBe('width=device-width, initial-scale=1');
  });
});
