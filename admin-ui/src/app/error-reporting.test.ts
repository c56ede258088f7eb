import { describe, expect, it } from 'vitest';
import {
  ZClientErrorReport,
  type TClientErrorReport,
} from '@stageplein/contracts/errors/client-error-report';
import { pageTrace, reportedErrors, reportError, setErrorSink } from './error-reporting.ts';

describe('the back office reports errors like the portal (spec §8)', () => {
  it('sends reportable errors with the page trace id, never 300–499', () => {
    const sent: TClientErrorReport[] = [];
    setErrorSink((report) => sent.push(report));
    expect(reportError({ status: 404, message: 'gone' })).toBe(false);
    expect(reportError(Object.assign(new Error('down'), { status: 503 }), { resource: 'users' })).toBe(true);
    expect(sent).toHaveLength(1);
    const attributes = ZClientErrorReport.parse(sent[0]).data.attributes;
    expect(attributes).toMatchObject({
      app: 'admin',
      status: 503,
      message: 'down',
      context: { resource: 'users' },
      trace_id: pageTrace.traceId,
    });
    expect(reportedErrors()).toHaveLength(1);
  });
});
