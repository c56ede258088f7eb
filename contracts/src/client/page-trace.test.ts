import { describe, expect, it } from 'vitest';
import { createPageTrace, spanIdOf } from './page-trace.ts';

describe('createPageTrace', () => {
  it('gives one trace id per page and a new W3C traceparent per call', () => {
    const trace = createPageTrace();
    expect(trace.traceId).toMatch(/^[0-9a-f]{32}$/);
    const first = trace.traceparent();
    const second = trace.traceparent();
    expect(first).toMatch(new RegExp(`^00-${trace.traceId}-[0-9a-f]{16}-01$`));
    expect(spanIdOf(first)).not.toBe(spanIdOf(second));
    expect(createPageTrace().traceId).not.toBe(trace.traceId);
  });

  it('never uses the invalid all-zero id', () => {
    let calls = 0;
    const trace = createPageTrace((array) => {
      calls += 1;
      return calls === 1 ? array : array.fill(7);
    });
    expect(trace.traceId).toBe('07'.repeat(16));
  });

  it('reads the span id of a traceparent', () => {
    expect(spanIdOf(`00-${'a'.repeat(32)}-${'b'.repeat(16)}-01`)).toBe('b'.repeat(16));
    expect(spanIdOf('nonsense')).toBeUndefined();
    expect(spanIdOf(undefined)).toBeUndefined();
  });
});
