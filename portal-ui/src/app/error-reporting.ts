import { isReportableStatus } from '@stageplein/contracts/errors/error-catalogue';
import { statusOf } from '@stageplein/design-system/components/error-texts.ts';

/**
 * Spec §8: errors are reported to error tracking, except client errors with status 300–499. There
 * is no error-tracking service yet, so reports go to a sink that keeps the last ones in memory (and
 * on `window.__stagepleinErrors`, for tests and support); a tracking client replaces the sink.
 */
export interface TErrorReport {
  message: string;
  status: number | undefined;
  context: Record<string, unknown>;
  at: number;
}

type TSink = (report: TErrorReport) => void;

const MAX_KEPT = 50;
const kept: TErrorReport[] = [];

let sink: TSink = (report) => {
  kept.push(report);
  if (kept.length > MAX_KEPT) kept.shift();
  if (typeof window !== 'undefined')
    (window as { __stagepleinErrors?: TErrorReport[] }).__stagepleinErrors = kept;
};

export function setErrorSink(next: TSink): void {
  sink = next;
}

/** True when the error was reported (reportable status, spec §8). */
export function reportError(error: unknown, context: Record<string, unknown> = {}): boolean {
  const status = statusOf(error);
  if (!isReportableStatus(status)) return false;
  sink({
    message: error instanceof Error ? error.message : String(error),
    status,
    context,
    at: Date.now(),
  });
  return true;
}

export function reportedErrors(): readonly TErrorReport[] {
  return kept;
}
