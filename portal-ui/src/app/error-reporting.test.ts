import { describe, expect, it } from 'vitest';
import { reportedErrors, reportError } from './error-reporting.ts';

describe('reportError (spec §8)', () => {
  it('does not report client errors 300–499, reports everything else', () => {
    for (const status of [300, 401, 403, 404, 422, 499])
      expect(reportError({ status, message: 'x' })).toBe(false);
    expect(reportError({ status: 500, message: 'boom' })).toBe(true);
    expect(reportError(new Error('no status'))).toBe(true);
    expect(reportError({ status: 200 })).toBe(true);
    expect(reportedErrors().map((r) => r.status)).toEqual([500, undefined, 200]);
  });
});
