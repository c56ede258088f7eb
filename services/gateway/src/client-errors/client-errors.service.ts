import type { FastifyBaseLogger } from 'fastify';
import {
  scrubClientError,
  scrubText,
  type TClientErrorAttributes,
} from '@stageplein/contracts/errors/client-error-report';
import { recordBrowserError } from '@stageplein/kit/telemetry/browser-errors';
import { postEnvelope, sentryEnvelope, type TReportOrigin, type TSentryDsn } from './sentry.ts';

export interface TClientErrorRecorder {
  /** Scrubs the report, records it in the page's trace and the log, forwards it when a DSN is set. */
  record(
    report: TClientErrorAttributes,
    origin: Omit<TReportOrigin, 'environment'>,
    log: FastifyBaseLogger,
  ): { traceId: string };
  /** Waits for forwards still on their way (at close). */
  drain(): Promise<void>;
}

export function createClientErrorRecorder(options: {
  sentryDsn?: TSentryDsn | undefined;
  environment: string;
}): TClientErrorRecorder {
  const inFlight = new Set<Promise<void>>();
  return {
    record(untrusted, origin, log) {
      // Untrusted input: scrubbed again here, whatever the browser did, before anything keeps it.
      const report = scrubClientError(untrusted);
      const userAgent = origin.userAgent ? scrubText(origin.userAgent).slice(0, 300) : undefined;
      const traceId = recordBrowserError(report, {
        'stageplein.tenant': origin.tenant,
        ...(userAgent ? { 'user_agent.original': userAgent } : {}),
      });
      log.warn(
        { client_error: report, trace_id: report.trace_id ?? traceId, tenant: origin.tenant },
        `browser error (${report.app}): ${report.message}`,
      );
      const dsn = options.sentryDsn;
      if (dsn) {
        const { body } = sentryEnvelope(dsn, report, {
          tenant: origin.tenant,
          userAgent,
          environment: options.environment,
        });
        const forward = postEnvelope(dsn, body)
          .then((status) => {
            if (status >= 300) log.warn({ status }, 'error report forward refused by the Sentry endpoint');
          })
          .catch((error: unknown) => log.warn({ err: error }, 'error report forward failed'))
          .finally(() => inFlight.delete(forward));
        inFlight.add(forward);
      }
      return { traceId: report.trace_id ?? traceId };
    },
    async drain() {
      await Promise.all([...inFlight]);
    },
  };
}
