/**
 * W3C trace context of a page load: one trace id per page, a fresh span id per API call. Every call
 * sends `traceparent: 00-<page trace id>-<call span id>-01`, so the gateway's and services' spans of a
 * page join one trace, and an error report carrying the page's trace id lands beside them.
 */
export interface TPageTrace {
  readonly traceId: string;
  /** A `traceparent` for one outgoing call (a new span id each time). */
  traceparent(): string;
}

const hex = (bytes: number, random: (array: Uint8Array) => Uint8Array): string => {
  for (;;) {
    const value = Array.from(random(new Uint8Array(bytes)), (b) => b.toString(16).padStart(2, '0')).join('');
    // All zeros is an invalid id in W3C trace context.
    if (/[^0]/.test(value)) return value;
  }
};

export function createPageTrace(
  random: (array: Uint8Array) => Uint8Array = (a) => globalThis.crypto.getRandomValues(a),
): TPageTrace {
  const traceId = hex(16, random);
  return { traceId, traceparent: () => `00-${traceId}-${hex(8, random)}-01` };
}

/** The span id of a `traceparent` (undefined when it is not one). */
export function spanIdOf(traceparent: string | undefined): string | undefined {
  return /^00-[0-9a-f]{32}-([0-9a-f]{16})-[0-9a-f]{2}$/.exec(traceparent ?? '')?.[1];
}
