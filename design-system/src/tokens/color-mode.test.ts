import { describe, expect, it } from 'vitest';
import { forcedColorModeFor, parseColorModePreference, resolveColorMode } from './color-mode.ts';

describe('colour mode (spec §4)', () => {
  it('reads the stored preference, defaulting to system', () => {
    expect(parseColorModePreference('dark')).toBe('dark');
    expect(parseColorModePreference('light')).toBe('light');
    expect(parseColorModePreference('system')).toBe('system');
    expect(parseColorModePreference('purple')).toBe('system');
    expect(parseColorModePreference(null)).toBe('system');
  });

  it('follows the system for "system" and the choice otherwise', () => {
    expect(resolveColorMode('system', { systemPrefersDark: true })).toBe('dark');
    expect(resolveColorMode('system', { systemPrefersDark: false })).toBe('light');
    expect(resolveColorMode('light', { systemPrefersDark: true })).toBe('light');
    expect(resolveColorMode('dark', { systemPrefersDark: false })).toBe('dark');
  });

  it('lets a route force a mode', () => {
    expect(resolveColorMode('dark', { forced: 'light', systemPrefersDark: true })).toBe('light');
    expect(forcedColorModeFor('/contracts/1/sign/2')).toBe('light');
    expect(forcedColorModeFor('/contracts/1/qr-sign/2')).toBe('light');
    expect(forcedColorModeFor('/urenbriefje/9')).toBe('light');
    expect(forcedColorModeFor('/contracts/1')).toBeUndefined();
    expect(forcedColorModeFor('/')).toBeUndefined();
  });
});
