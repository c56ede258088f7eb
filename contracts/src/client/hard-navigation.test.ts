import { describe, expect, it } from 'vitest';
import { parseRecord, RELOAD_GUARD_MS, shouldHardNavigate } from './hard-navigation.ts';

describe('shouldHardNavigate', () => {
  it('navigates when nothing was tried, or another path was', () => {
    expect(shouldHardNavigate(undefined, '/users', 1000)).toBe(true);
    expect(shouldHardNavigate({ path: '/groups', at: 1000 }, '/users', 1001)).toBe(true);
  });

  it('does not loop: the same path within 10 s stays here', () => {
    expect(RELOAD_GUARD_MS).toBe(10_000);
    expect(shouldHardNavigate({ path: '/users', at: 1000 }, '/users', 1000)).toBe(false);
    expect(shouldHardNavigate({ path: '/users', at: 1000 }, '/users', 10_999)).toBe(false);
    expect(shouldHardNavigate({ path: '/users', at: 1000 }, '/users', 11_000)).toBe(true);
  });

  it('ignores records from the future (clock changes)', () => {
    expect(shouldHardNavigate({ path: '/users', at: 5000 }, '/users', 1000)).toBe(true);
  });
});

describe('parseRecord', () => {
  it('reads what hardNavigate stores and rejects anything else', () => {
    expect(parseRecord('{"path":"/users","at":12}')).toEqual({ path: '/users', at: 12 });
    expect(parseRecord(null)).toBeUndefined();
    expect(parseRecord('not json')).toBeUndefined();
    expect(parseRecord('{"path":1,"at":2}')).toBeUndefined();
    expect(parseRecord('null')).toBeUndefined();
  });
});
