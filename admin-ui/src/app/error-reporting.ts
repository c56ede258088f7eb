import { createPageErrorReporting } from '@stageplein/contracts/client/error-reporter';

/**
 * The back office's error reports (spec §8: every error but client errors 300–499) go to the gateway
 * like the portal's (docs/observability.md), in this page's trace.
 */
export const { pageTrace, setErrorSink, reportError, reportedErrors, installErrorReporting } =
  createPageErrorReporting('admin');
