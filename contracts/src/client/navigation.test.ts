import { describe, expect, it } from 'vitest';
import { NavigationRefusedError, resolveNavigationTarget, safeRedirectPath } from './navigation.ts';

const origin = 'https://demo.stageplein.nl';

describe('resolveNavigationTarget (spec §5, §8)', () => {
  it('treats paths and same-origin URLs as internal', () => {
    expect(resolveNavigationTarget('/dashboard?x=1#top', { origin })).toEqual({
      kind: 'internal',
      path: '/dashboard?x=1#top',
    });
    expect(resolveNavigationTarget(`${origin}/profile-edit`, { origin })).toEqual({
      kind: 'internal',
      path: '/profile-edit',
    });
  });

  it('refuses other sites unless explicitly allowed', () => {
    expect(() => resolveNavigationTarget('https://evil.test/', { origin })).toThrow(NavigationRefusedError);
    expect(() => resolveNavigationTarget('//evil.test/x', { origin })).toThrow(/external/);
    expect(resolveNavigationTarget('https://kennisnet.nl/', { origin, allowExternal: true })).toEqual({
      kind: 'external',
      url: 'https://kennisnet.nl/',
    });
  });

  it('always refuses restricted protocols', () => {
    for (const target of [
      'javascript:alert(1)',
      ' JaVaScRiPt:alert(1)',
      'java\tscript:alert(1)',
      'data:text/html,x',
      'file:///etc/passwd',
    ]) {
      expect(() => resolveNavigationTarget(target, { origin, allowExternal: true }), target).toThrow(
        /protocol/,
      );
    }
    expect(resolveNavigationTarget('mailto:a@b.test', { origin, allowExternal: true }).kind).toBe('external');
  });
});

describe('safeRedirectPath', () => {
  it('only ever returns an internal path', () => {
    expect(safeRedirectPath('/instellingen', origin)).toBe('/instellingen');
    expect(safeRedirectPath('https://evil.test/', origin)).toBeUndefined();
    expect(safeRedirectPath('javascript:alert(1)', origin)).toBeUndefined();
    expect(safeRedirectPath('', origin)).toBeUndefined();
    expect(safeRedirectPath(null, origin)).toBeUndefined();
  });
});
