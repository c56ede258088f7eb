import type { TClientErrorAttributes } from '@stageplein/contracts/errors/client-error-report';
import { createPageErrorReporting } from '@stageplein/contracts/client/error-reporter';

/**
 * Spec §8: errors are reported to error tracking, except client errors with status 300–499. Reports
 * go to the gateway (`POST /api/v1/client_errors`, docs/observability.md) with this page's trace id,
 * which every API call of the page carries in its `traceparent`; the last ones are also kept in memory
 * (on `window.__stagepleinErrors`, for tests and support).
 */
export type TErrorReport = TClientErrorAttributes;

export const { pageTrace, setErrorSink, reportError, reportedErrors, installErrorReporting } =
  createPageErrorReporting('portal');
