import { describe, expect, it } from 'vitest';
import type { TClientErrorReport } from '@stageplein/contracts/errors/client-error-report';
import { ZClientErrorReport } from '@stageplein/contracts/errors/client-error-report';
import { pageTrace, reportedErrors, reportError, setErrorSink } from './error-reporting.ts';

describe('reportError (spec §8)', () => {
  it('does not report client errors 300–499, reports everything else to the sink', () => {
    const sent: TClientErrorReport[] = [];
    setErrorSink((report) => sent.push(report));
    for (const status of [300, 401, 403, 404, 422, 499])
      expect(reportError({ status, message: 'x' })).toBe(false);
    expect(reportError({ status: 500, message: 'boom' })).toBe(true);
    expect(reportError(new Error('no status'))).toBe(true);
    expect(reportError({ status: 200 })).toBe(true);
    expect(reportedErrors().map((r) => r.status)).toEqual([500, undefined, 200]);
    expect(sent.map((r) => r.data.attributes.status)).toEqual([500, undefined, 200]);
    // What is sent is the gateway's body, with this page's trace id.
    for (const report of sent) {
      expect(ZClientErrorReport.parse(report)).toEqual(report);
      expect(report.data.attributes.trace_id).toBe(pageTrace.traceId);
      expect(report.data.attributes.app).toBe('portal');
    }
  });
});
